/** The campaigns module's operations: what routes and other modules call. */
export { changeCampaignStatus, createCampaignFromEstimate, syncCampaignWithOrder } from './lifecycle';
export { simulateImpression } from './delivery';
export { campaignStats, campaignTotalsSince, performanceHistory, realtimePerformance } from './performance';
export { getCampaign, listCampaigns } from './queries';
