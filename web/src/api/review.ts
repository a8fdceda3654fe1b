// The review link's shapes (#18), derived from the server's OpenAPI document like ./types.ts:
// the staff side (links, comment threads, a segment's history) and the customer's side under
// /api/review/{token}.
import type { paths } from './schema';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type ReviewLink = JsonOf<paths['/api/translation/{id}/review-links']['get']['responses'][200]>[number];
export type ReviewLinkState = ReviewLink['state'];
export type ReviewLinkCreate = JsonOf<paths['/api/translation/{id}/review-links']['post']['requestBody']>;
export type ReviewLinkCreated = JsonOf<paths['/api/translation/{id}/review-links']['post']['responses'][201]>;

export type CommentThread = JsonOf<paths['/api/translation/{id}/comments']['get']['responses'][200]>[number];
export type ReviewComment = CommentThread['comments'][number];

export type SegmentChange = JsonOf<paths['/api/job/{id}/segments/{segment_id}/history']['get']['responses'][200]>[number];
export type ChangeSource = SegmentChange['source'];

export type ReviewStart = JsonOf<paths['/api/review/{token}']['get']['responses'][200]>;
export type ReviewJobSummary = ReviewStart['jobs'][number];
export type ReviewJob = JsonOf<paths['/api/review/{token}/jobs/{job_id}']['get']['responses'][200]>;
export type ReviewSegment = ReviewJob['segments'][number];
export type QaFlag = ReviewSegment['qa_warnings'][number];

export type DraftSaved = JsonOf<paths['/api/review/{token}/segments/{segment_id}']['put']['responses'][200]>;
/** The body of a 409 to a draft save: someone else changed the segment first. */
export type DraftConflict = JsonOf<paths['/api/review/{token}/segments/{segment_id}']['put']['responses'][409]>;

export type ReviewSubmitted = JsonOf<paths['/api/review/{token}/submit']['post']['responses'][200]>;
export type RefusedDraft = ReviewSubmitted['refused'][number];
