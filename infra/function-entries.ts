/**
 * The handler modules of the stack's functions outside the route table (paths relative to the
 * repository root). Apart from the constructs so that the bundle report and the bench list every
 * function without loading the CDK: its configuration parsing uses classic zod, which installs a
 * global memoizer that makes every zod parse in the process several times slower than in a Lambda
 * bundle (zod/mini only), and the bench's in-process figures would not be the functions' own.
 */
export const ROUTE_NOT_FOUND_ENTRY = 'functions/fallback/route-not-found.ts';
export const PUBLISHER_ENTRY = 'functions/events/publish-domain-events.ts';
export const ADD_SHOP_CLAIM_ENTRY = 'functions/auth/add-shop-claim.ts';
export const FOLD_TALLIES_ENTRY = 'functions/lists/fold-tallies.ts';
