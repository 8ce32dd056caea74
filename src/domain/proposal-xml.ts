/** A schedule written out as Proposal XML text (the element object of proposal-write, built by fast-xml-parser). */
import { XMLBuilder } from 'fast-xml-parser';
import { proposalDocument, type ProposalAudience, type ProposalHeader } from './proposal-write';
import type { Schedule } from './schedule-schemas';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true, commentPropName: '#comment' });

export const proposalXml = (header: ProposalHeader, schedule: Schedule, audience?: ProposalAudience): string =>
  builder.build(proposalDocument(header, schedule, audience)) as string;
