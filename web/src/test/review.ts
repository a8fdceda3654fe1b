// Builders for the review link's JSON (the review API contract), and a fake of the customer's
// endpoints kept in memory so that a test can see what the page saved.
import { http, HttpResponse } from 'msw';
import type {
  CommentThread,
  ReviewComment,
  ReviewJob,
  ReviewLink,
  ReviewSegment,
  ReviewStart,
  ReviewSubmitted,
  SegmentChange,
} from '../api/review';

export function reviewSegment(id: number, changes: Partial<ReviewSegment> = {}): ReviewSegment {
  return {
    id,
    position: id - 1,
    unit_key: `unit-${id}`,
    resname: id === 1 ? 'title' : 'body',
    field: id === 1 ? { kind: 'title', label: 'Title' } : { kind: 'body', label: 'Body' },
    translatable: true,
    markup: 'html',
    source: `Source ${id}`,
    mt_target: `Machine ${id}`,
    target: `Ziel ${id}`,
    draft: null,
    revision: 1,
    approved: false,
    qa_warnings: [],
    comments: [],
    ...changes,
  };
}

export function reviewJob(id: number, segments: ReviewSegment[]): ReviewJob {
  return { id, file_name: `page-${id}.xliff`, source_lang: 'en', target_lang: 'de', shortcodes: null, segments };
}

export function reviewStart(changes: Partial<ReviewStart> = {}): ReviewStart {
  return {
    project_name: 'Website relaunch',
    client_name: 'Acme',
    has_logo: true,
    agency_name: 'Wordmark Agency',
    note: 'Please check the legal page first.',
    expires_at: '2026-12-08T10:00:00Z',
    submitted_at: null,
    read_only: false,
    reviewer_name: 'Rita Reviewer',
    jobs: [
      { id: 10, file_name: 'page-10.xliff', source_lang: 'en', target_lang: 'de', segments: 3, approved: 1, changed: 1, comments_open: 2, qa_warnings: 0 },
    ],
    ...changes,
  };
}

export function reviewLink(id: number, changes: Partial<ReviewLink> = {}): ReviewLink {
  return {
    id,
    state: 'active',
    personal: false,
    created_at: '2026-11-20T09:00:00Z',
    created_by: 'admin',
    expires_at: '2026-12-04T09:00:00Z',
    revoked_at: null,
    note: null,
    reviewer_name: 'Rita Reviewer',
    reviewer_email: 'rita@example.com',
    first_opened_at: null,
    last_opened_at: null,
    segments_reviewed: 0,
    comments_open: 0,
    submitted_at: null,
    ...changes,
  };
}

export function comment(id: number, changes: Partial<ReviewComment> = {}): ReviewComment {
  return { id, author_kind: 'reviewer', author_name: 'Rita Reviewer', body: `Comment ${id}`, created_at: '2026-11-21T10:00:00Z', ...changes };
}

export function thread(segmentId: number, changes: Partial<CommentThread> = {}): CommentThread {
  return {
    segment_id: segmentId,
    job_id: 1,
    file_name: 'page-1.xliff',
    unit_key: `unit-${segmentId}`,
    source: `Source ${segmentId}`,
    target: `Ziel ${segmentId}`,
    resolved_at: null,
    comments: [comment(1)],
    ...changes,
  };
}

export function change(id: number, changes: Partial<SegmentChange> = {}): SegmentChange {
  return {
    id,
    changed_at: '2026-11-21T10:00:00Z',
    actor_kind: 'user',
    actor_name: 'admin',
    source: 'staff_edit',
    previous_target: 'Alt',
    new_target: 'Neu',
    ...changes,
  };
}

export interface FakeReview {
  start: ReviewStart;
  job: ReviewJob;
  /** Every PUT body, in order. */
  saves: { id: number; text: string; base_revision: number }[];
  /** Answer the next save of this segment with a 409 carrying this version. */
  conflictOn: Map<number, { text: string; revision: number }>;
  submitted: ReviewSubmitted;
  /** Every Authorization header seen (there must be none). */
  authorization: (string | null)[];
}

/** The customer's endpoints for `token`, answering from (and writing to) `fake`. */
export function reviewHandlers(token: string, fake: FakeReview) {
  const base = `*/api/review/${token}`;
  const segmentOf = (id: string | readonly string[] | undefined) => fake.job.segments.find((s) => String(s.id) === id);
  const seen = (request: Request) => fake.authorization.push(request.headers.get('Authorization'));
  return [
    http.get(base, ({ request }) => {
      seen(request);
      return HttpResponse.json(fake.start);
    }),
    http.get(`${base}/logo`, () => new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'Content-Type': 'image/svg+xml' } })),
    http.get(`${base}/jobs/:jobId`, ({ request }) => {
      seen(request);
      return HttpResponse.json(fake.job);
    }),
    http.put(`${base}/segments/:id`, async ({ request, params }) => {
      seen(request);
      const body = (await request.json()) as { text: string; base_revision: number };
      const segment = segmentOf(params.id);
      if (segment === undefined) return HttpResponse.json({ message: 'Segment not found' }, { status: 404 });
      fake.saves.push({ id: segment.id, ...body });
      const conflict = fake.conflictOn.get(segment.id);
      if (conflict !== undefined) {
        fake.conflictOn.delete(segment.id);
        segment.revision = conflict.revision;
        return HttpResponse.json(
          { message: 'Someone else changed this segment.', current_text: conflict.text, current_revision: conflict.revision },
          { status: 409 },
        );
      }
      segment.draft = body.text;
      const qa = body.text.includes('<b>') || !segment.source.includes('<b>') ? [] : [{ kind: 'tags', message: 'Tag <b> missing' }];
      return HttpResponse.json({ draft: body.text, revision: segment.revision, qa_warnings: qa });
    }),
    http.post(`${base}/segments/:id/approve`, async ({ request, params }) => {
      seen(request);
      const segment = segmentOf(params.id);
      if (segment === undefined) return HttpResponse.json({ message: 'Segment not found' }, { status: 404 });
      const approved = ((await request.json()) as { approved: boolean }).approved;
      if (approved !== segment.approved) count(fake, 'approved', approved ? 1 : -1);
      segment.approved = approved;
      return HttpResponse.json(segment);
    }),
    http.post(`${base}/segments/:id/revert`, ({ request, params }) => {
      seen(request);
      const segment = segmentOf(params.id);
      if (segment === undefined) return HttpResponse.json({ message: 'Segment not found' }, { status: 404 });
      segment.draft = segment.mt_target;
      return HttpResponse.json(segment);
    }),
    http.post(`${base}/segments/:id/comments`, async ({ request, params }) => {
      seen(request);
      const segment = segmentOf(params.id);
      if (segment === undefined) return HttpResponse.json({ message: 'Segment not found' }, { status: 404 });
      const added = comment(100 + segment.comments.length, { body: ((await request.json()) as { body: string }).body });
      segment.comments.push(added);
      count(fake, 'comments_open', 1);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.post(`${base}/submit`, ({ request }) => {
      seen(request);
      fake.start = { ...fake.start, read_only: true, submitted_at: '2026-11-24T12:00:00Z' };
      return HttpResponse.json(fake.submitted);
    }),
  ];
}

/** Keeps the start page's counts of the fake's one page as the server would. */
function count(fake: FakeReview, what: 'approved' | 'comments_open', by: number) {
  fake.start = { ...fake.start, jobs: fake.start.jobs.map((job) => (job.id === fake.job.id ? { ...job, [what]: job[what] + by } : job)) };
}

export function fakeReview(segments: ReviewSegment[], changes: Partial<FakeReview> = {}): FakeReview {
  return {
    start: reviewStart(),
    job: reviewJob(10, segments),
    saves: [],
    conflictOn: new Map(),
    submitted: { applied: 2, unchanged: 1, approved: 1, comments: 1, refused: [] },
    authorization: [],
    ...changes,
  };
}
