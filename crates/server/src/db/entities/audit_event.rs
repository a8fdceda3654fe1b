use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One event of the audit log. No relation: the actor and the target are recorded as they were,
/// and stay when the account or the object is deleted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// UTC, whole seconds (`Clock::now`).
    pub occurred_at: TimeDateTimeWithTimeZone,
    /// The signed-in user; `None` for a failed sign-in of an unknown name.
    pub user_id: Option<i32>,
    /// The username at the time (for a failed sign-in: the name that was tried).
    pub username: Option<String>,
    /// The client's address (the connection's peer).
    pub address: Option<String>,
    pub action: AuditAction,
    pub target_kind: Option<TargetKind>,
    pub target_id: Option<i32>,
    pub target_label: Option<String>,
    /// A small JSON object: counts, field names, file names. Never a secret.
    #[sea_orm(column_type = "Text", nullable)]
    pub detail: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What happened. The stored and JSON values are the API's filter values and never change.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(32))")]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    #[sea_orm(string_value = "sign_in")]
    SignIn,
    #[sea_orm(string_value = "sign_in_failed")]
    SignInFailed,
    #[sea_orm(string_value = "sign_out")]
    SignOut,
    #[sea_orm(string_value = "user_created")]
    UserCreated,
    #[sea_orm(string_value = "user_changed")]
    UserChanged,
    #[sea_orm(string_value = "user_deleted")]
    UserDeleted,
    #[sea_orm(string_value = "password_changed")]
    PasswordChanged,
    #[sea_orm(string_value = "client_created")]
    ClientCreated,
    #[sea_orm(string_value = "client_changed")]
    ClientChanged,
    #[sea_orm(string_value = "client_deleted")]
    ClientDeleted,
    #[sea_orm(string_value = "client_exported")]
    ClientExported,
    #[sea_orm(string_value = "client_imported")]
    ClientImported,
    #[sea_orm(string_value = "translation_created")]
    TranslationCreated,
    #[sea_orm(string_value = "translation_deleted")]
    TranslationDeleted,
    #[sea_orm(string_value = "file_added")]
    FileAdded,
    #[sea_orm(string_value = "status_changed")]
    StatusChanged,
    #[sea_orm(string_value = "pretranslation_started")]
    PretranslationStarted,
    #[sea_orm(string_value = "xlsx_downloaded")]
    XlsxDownloaded,
    #[sea_orm(string_value = "corrections_imported")]
    CorrectionsImported,
    #[sea_orm(string_value = "xliff_downloaded")]
    XliffDownloaded,
    /// A completed project's XLIFF files, downloaded as its delivery (by its customer).
    #[sea_orm(string_value = "delivery_downloaded")]
    DeliveryDownloaded,
    #[sea_orm(string_value = "rebranding_created")]
    RebrandingCreated,
    #[sea_orm(string_value = "rebranding_deleted")]
    RebrandingDeleted,
    #[sea_orm(string_value = "package_downloaded")]
    PackageDownloaded,
    #[sea_orm(string_value = "mt_settings_changed")]
    MtSettingsChanged,
    #[sea_orm(string_value = "audit_exported")]
    AuditExported,
    #[sea_orm(string_value = "review_link_created")]
    ReviewLinkCreated,
    #[sea_orm(string_value = "review_link_revoked")]
    ReviewLinkRevoked,
    #[sea_orm(string_value = "review_link_extended")]
    ReviewLinkExtended,
    #[sea_orm(string_value = "review_submitted")]
    ReviewSubmitted,
    #[sea_orm(string_value = "memory_imported")]
    MemoryImported,
    #[sea_orm(string_value = "terms_imported")]
    TermsImported,
    #[sea_orm(string_value = "memory_entry_changed")]
    MemoryEntryChanged,
    #[sea_orm(string_value = "memory_entry_deleted")]
    MemoryEntryDeleted,
    #[sea_orm(string_value = "rate_scheme_changed")]
    RateSchemeChanged,
    #[sea_orm(string_value = "invitation_sent")]
    InvitationSent,
    #[sea_orm(string_value = "invitation_accepted")]
    InvitationAccepted,
    #[sea_orm(string_value = "invitation_revoked")]
    InvitationRevoked,
    #[sea_orm(string_value = "password_reset_requested")]
    PasswordResetRequested,
    #[sea_orm(string_value = "password_reset_completed")]
    PasswordResetCompleted,
    #[sea_orm(string_value = "mail_retried")]
    MailRetried,
    #[sea_orm(string_value = "term_proposed")]
    TermProposed,
    #[sea_orm(string_value = "term_proposal_accepted")]
    TermProposalAccepted,
    #[sea_orm(string_value = "term_proposal_refused")]
    TermProposalRefused,
    #[sea_orm(string_value = "translation_requested")]
    TranslationRequested,
    #[sea_orm(string_value = "quote_sent")]
    QuoteSent,
    #[sea_orm(string_value = "quote_accepted")]
    QuoteAccepted,
    #[sea_orm(string_value = "quote_declined")]
    QuoteDeclined,
    #[sea_orm(string_value = "quote_terms_changed")]
    QuoteTermsChanged,
    #[sea_orm(string_value = "site_added")]
    SiteAdded,
    #[sea_orm(string_value = "site_changed")]
    SiteChanged,
    #[sea_orm(string_value = "site_removed")]
    SiteRemoved,
    #[sea_orm(string_value = "site_project_created")]
    SiteProjectCreated,
    #[sea_orm(string_value = "site_publish_started")]
    SitePublishStarted,
    #[sea_orm(string_value = "assignment_offered")]
    AssignmentOffered,
    #[sea_orm(string_value = "assignment_accepted")]
    AssignmentAccepted,
    #[sea_orm(string_value = "assignment_declined")]
    AssignmentDeclined,
    #[sea_orm(string_value = "assignment_delivered")]
    AssignmentDelivered,
    #[sea_orm(string_value = "assignment_returned")]
    AssignmentReturned,
    #[sea_orm(string_value = "assignment_closed")]
    AssignmentClosed,
    #[sea_orm(string_value = "assignment_withdrawn")]
    AssignmentWithdrawn,
    #[sea_orm(string_value = "site_checks_changed")]
    SiteChecksChanged,
}

/// What kind of object an event is about.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(32))")]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    #[sea_orm(string_value = "user")]
    User,
    #[sea_orm(string_value = "client")]
    Client,
    #[sea_orm(string_value = "translation_project")]
    TranslationProject,
    #[sea_orm(string_value = "rebranding_project")]
    RebrandingProject,
    #[sea_orm(string_value = "mt_settings")]
    MtSettings,
    #[sea_orm(string_value = "invitation")]
    Invitation,
    #[sea_orm(string_value = "mail")]
    Mail,
    #[sea_orm(string_value = "term_proposal")]
    TermProposal,
    #[sea_orm(string_value = "site")]
    Site,
    #[sea_orm(string_value = "assignment")]
    Assignment,
}
