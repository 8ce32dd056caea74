/**
 * A Proposal XML file read into a small element tree (issue 42, decision 056), with the guards of
 * decision 028: no DTD (so no entities beyond XML's five), nesting, element count and text length
 * capped, linear in the file's size (saxes, the parser the BXF as-run reader uses). Nothing here
 * touches the database; the whole file is read before anything is written.
 */
import { SaxesParser } from 'saxes';
import type { ProposalElement } from '../../../domain/proposal-read';
import { badRequest } from '../../platform/errors';

const MAX_PROPOSAL_DEPTH = 32;
const MAX_PROPOSAL_ELEMENTS = 200_000;
const MAX_TEXT = 8 * 1024;

type XmlElement = ProposalElement;

const refuse = (problem: string) => badRequest(`The file is not a Proposal XML Spotbook can read: ${problem}`, 'file');

export const readXmlTree = (xml: string): XmlElement => {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let failure: string | null = null;
  const fail = (problem: string) => {
    failure ??= problem;
  };
  parser.on('doctype', () => fail('a DOCTYPE (DTDs and entities are refused)'));
  parser.on('opentag', (tag) => {
    if (failure) return;
    count += 1;
    if (count > MAX_PROPOSAL_ELEMENTS) return fail(`more than ${MAX_PROPOSAL_ELEMENTS} elements`);
    if (stack.length + 1 > MAX_PROPOSAL_DEPTH) return fail(`the XML nests deeper than ${MAX_PROPOSAL_DEPTH} elements`);
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (typeof attribute === 'object' && attribute.prefix !== 'xmlns' && attribute.local !== 'xmlns')
        attributes[attribute.local] = attribute.value.slice(0, MAX_TEXT);
    }
    const element: XmlElement = { name: tag.local ?? tag.name, ns: tag.uri ?? '', attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (value) => {
    const current = stack[stack.length - 1];
    if (!current || failure) return;
    if (current.text.length + value.length > MAX_TEXT) {
      if (value.trim() !== '') fail(`an element's text is longer than ${MAX_TEXT} characters`);
      return;
    }
    current.text += value;
  });
  parser.on('closetag', () => {
    const element = stack.pop();
    if (element) element.text = element.text.trim();
  });
  parser.on('error', (error) =>
    fail(
      `the XML is malformed (${error.message
        .split('\n')[0]!
        .replace(/^\d+:\d+: /, '')
        .slice(0, 120)})`,
    ),
  );
  try {
    for (let at = 0; at < xml.length && !failure; at += 64 * 1024) parser.write(xml.slice(at, at + 64 * 1024));
    if (!failure) parser.close();
  } catch (error) {
    fail(`the XML is malformed (${(error as Error).message.split('\n')[0]!.slice(0, 120)})`);
  }
  if (failure) throw refuse(failure);
  if (!root) throw refuse('it is empty');
  return root;
};
