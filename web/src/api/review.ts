// The review link's shapes (#18), written from the review API contract: the staff side (links,
// comment threads, a segment's history) and the customer's side under /api/review/{token}.
// Hand-written because both sides of the app were built before the server's OpenAPI document
// described them; the names are the contract's.
import type { Segment } from './types';

export type QaFlag = Segment['qa_flags'][number];

export type ReviewLinkState = 'active' | 'expired' | 'revoked' | 'submitted';

export interface ReviewLink {
  id: number;
  state: ReviewLinkState;
  created_at: string;
  created_by: string | null;
  expires_at: string;
  revoked_at: string | null;
  note: string | null;
  reviewer_name: string | null;
  reviewer_email: string | null;
  first_opened_at: string | null;
  last_opened_at: string | null;
  segments_reviewed: number;
  comments_open: number;
  submitted_at: string | null;
}

export interface ReviewLinkCreate {
  expires_in_days?: number;
  note?: string;
  reviewer_name?: string;
  reviewer_email?: string;
}

export interface ReviewLinkCreated {
  link: ReviewLink;
  token: string;
  /** "/review/<token>": the page the customer opens. */
  path: string;
}

export interface ReviewComment {
  id: number;
  author_kind: 'reviewer' | 'staff';
  author_name: string;
  body: string;
  created_at: string;
}

export interface CommentThread {
  segment_id: number;
  job_id: number;
  file_name: string;
  unit_key: string;
  source: string;
  target: string | null;
  resolved_at: string | null;
  comments: ReviewComment[];
}

export type ChangeSource = 'import' | 'mt' | 'memory' | 'xlsx_import' | 'review' | 'staff_edit' | 'revert';

export interface SegmentChange {
  id: number;
  changed_at: string;
  actor_kind: 'user' | 'review_link' | 'system';
  actor_name: string | null;
  source: ChangeSource;
  previous_target: string | null;
  new_target: string | null;
}

export interface ReviewJobSummary {
  id: number;
  file_name: string;
  source_lang: string;
  target_lang: string;
  segments: number;
  approved: number;
  changed: number;
  comments_open: number;
  qa_warnings: number;
}

export interface ReviewStart {
  project_name: string;
  client_name: string;
  has_logo: boolean;
  agency_name: string;
  note: string | null;
  expires_at: string;
  submitted_at: string | null;
  read_only: boolean;
  reviewer_name: string | null;
  jobs: ReviewJobSummary[];
}

export interface ReviewSegment {
  id: number;
  position: number;
  unit_key: string;
  resname: string | null;
  translatable: boolean;
  markup: 'html' | 'xliff';
  source: string;
  mt_target: string | null;
  /** The current saved target. */
  target: string | null;
  /** This link's draft, null if none. */
  draft: string | null;
  revision: number;
  approved: boolean;
  /** QA of `draft ?? target`. */
  qa_warnings: QaFlag[];
  comments: ReviewComment[];
}

export interface ReviewJob {
  id: number;
  file_name: string;
  source_lang: string;
  target_lang: string;
  shortcodes: string[] | null;
  segments: ReviewSegment[];
}

export interface DraftSaved {
  draft: string;
  revision: number;
  qa_warnings: QaFlag[];
}

/** The body of a 409 to a draft save: someone else changed the segment first. */
export interface DraftConflict {
  message: string;
  current_text: string;
  current_revision: number;
}

export interface RefusedDraft {
  segment_id: number;
  job_id: number;
  file_name: string;
  unit_key: string;
  reason: string;
}

export interface ReviewSubmitted {
  applied: number;
  unchanged: number;
  approved: number;
  comments: number;
  refused: RefusedDraft[];
}
