/** The customer's screens. */
export const startPath = (token: string) => `/review/${encodeURIComponent(token)}`;
export const jobPath = (token: string, jobId: number, segmentId?: number) =>
  `${startPath(token)}/job/${jobId}${segmentId === undefined ? '' : `?segment=${segmentId}`}`;
