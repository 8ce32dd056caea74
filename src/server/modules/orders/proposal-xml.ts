/**
 * A Proposal XML file read into a small element tree (issue 42, decision 056), with the guards of
 * decision 028: no DTD (so no entities beyond XML's five), nesting, element count and text length
 * capped, linear in the file's size (saxes, the parser the BXF as-run reader uses). Nothing here
 * touches the database; the whole file is read before anything is written.
 */
import type { ProposalElement } from '../../../domain/proposal-read';
import { readXmlTree as readTree } from '../../platform/xml-tree';
import { badRequest } from '../../platform/errors';

const refuse = (problem: string) => badRequest(`The file is not a Proposal XML Spotbook can read: ${problem}`, 'file');

export const readXmlTree = (xml: string): ProposalElement => readTree(xml, refuse);
