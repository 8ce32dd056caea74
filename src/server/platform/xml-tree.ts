/**
 * An XML file read into a small element tree, with the guards of decision 028: no DTD (so no entities
 * beyond XML's five), nesting, element count and text length capped, linear in the file's size (saxes,
 * the parser the BXF as-run reader uses). Each element keeps the line it opens on, so that a refusal can
 * name it. Used by the Proposal XML import (decision 056) and the BXF program schedule import (060).
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  ns: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** The line its start tag is on. */
  line?: number;
}

export interface XmlTreeLimits {
  depth: number;
  elements: number;
  text: number;
}

export const XML_TREE_LIMITS: XmlTreeLimits = { depth: 32, elements: 200_000, text: 8 * 1024 };

/** The tree of a whole document; `refuse` turns a problem into the error thrown. */
export const readXmlTree = (xml: string, refuse: (problem: string) => Error, limits: XmlTreeLimits = XML_TREE_LIMITS): XmlElement => {
  const MAX_ELEMENTS = limits.elements;
  const MAX_DEPTH = limits.depth;
  const MAX_TEXT = limits.text;
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
    if (count > MAX_ELEMENTS) return fail(`more than ${MAX_ELEMENTS} elements`);
    if (stack.length + 1 > MAX_DEPTH) return fail(`the XML nests deeper than ${MAX_DEPTH} elements`);
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (typeof attribute === 'object' && attribute.prefix !== 'xmlns' && attribute.local !== 'xmlns')
        attributes[attribute.local] = attribute.value.slice(0, MAX_TEXT);
    }
    const element: XmlElement = { name: tag.local ?? tag.name, ns: tag.uri ?? '', attributes, children: [], text: '', line: parser.line };
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
