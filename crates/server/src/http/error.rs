//! The one error type of the HTTP layer: every failure answers `{ "message": ... }` with the
//! fitting status. Internal errors are logged (inside the request's span, so with its request
//! id) and answered with a generic text; their detail never leaves the server.

use axum::{
    Json,
    extract::rejection::{JsonRejection, PathRejection, QueryRejection},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use sea_orm::{DbErr, SqlErr};
use serde::Serialize;
use utoipa::ToSchema;

use wordmark_core::archive::ArchiveError;

use crate::services::{
    accounts::AccountError,
    assignments::AssignmentError,
    audit::AuditError,
    browser_review::ReviewError,
    client_archive::{self, import::ImportError},
    clients::ClientError,
    earnings::EarningsError,
    invitations::InvitationError,
    memory::manage::TmxImportError,
    mt_settings::SettingsError,
    notifications::NotificationError,
    outbox::OutboxError,
    password_reset::ResetError,
    pretranslate::{StartError, single::SingleJobError},
    quotes::QuoteError,
    rates::RatesError,
    rebranding::RebrandingError,
    sites::SiteError,
    term_proposals::ProposalError,
    terminology::TermError,
    translation::{TranslationError, downloads::ExportError, upload::UploadError},
    translator_profiles::ProfileError,
    workbook_import::WorkbookImportError,
};

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    /// A 409 whose body also lists what conflicted (`conflicts`), for the app to show both
    /// versions.
    #[error("{message}")]
    ConflictWith {
        message: String,
        conflicts: serde_json::Value,
    },
    /// Existed, but is no more (an expired or revoked review link).
    #[error("{0}")]
    Gone(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    Unprocessable(String),
    /// An upstream service (the machine translation provider) failed; the message says how.
    #[error("{0}")]
    BadGateway(String),
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) | ApiError::ConflictWith { .. } => StatusCode::CONFLICT,
            ApiError::Gone(_) => StatusCode::GONE,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadGateway(_) => StatusCode::BAD_GATEWAY,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Maps an extractor rejection (JSON, multipart, ...) by its status, keeping its text.
    pub fn from_rejection(status: StatusCode, text: String) -> Self {
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::PayloadTooLarge("The request body is too large.".into())
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(text),
            StatusCode::UNPROCESSABLE_ENTITY => ApiError::Unprocessable(text),
            status if status.is_server_error() => ApiError::Internal(anyhow::anyhow!(text)),
            _ => ApiError::BadRequest(text),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            ApiError::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                "An internal error occurred. Please try again later.".to_owned()
            }
            other => other.to_string(),
        };
        match self {
            ApiError::ConflictWith { conflicts, .. } => (
                status,
                Json(serde_json::json!({ "message": message, "conflicts": conflicts })),
            )
                .into_response(),
            ApiError::TooManyRequests {
                retry_after_secs, ..
            } => {
                let mut response = (status, Json(ErrorBody { message })).into_response();
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
                response
            }
            _ => (status, Json(ErrorBody { message })).into_response(),
        }
    }
}

/// Database errors: the one place where constraint violations become client errors.
impl From<DbErr> for ApiError {
    fn from(err: DbErr) -> Self {
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => {
                ApiError::Conflict("This record already exists.".into())
            }
            Some(SqlErr::ForeignKeyConstraintViolation(_)) => ApiError::Conflict(
                "This record refers to, or is referred to by, another record.".into(),
            ),
            _ => match err {
                DbErr::RecordNotFound(what) => ApiError::NotFound(what),
                err => ApiError::Internal(err.into()),
            },
        }
    }
}

impl From<AccountError> for ApiError {
    fn from(err: AccountError) -> Self {
        match err {
            AccountError::Invalid(message) => ApiError::Unprocessable(message),
            AccountError::Field(err) => ApiError::Unprocessable(err.to_string()),
            AccountError::Password(err) => ApiError::Unprocessable(err.to_string()),
            AccountError::NotAllowed(message) => ApiError::Forbidden(message),
            AccountError::Conflict(message) => ApiError::Conflict(message),
            AccountError::NoMailToConfirm => ApiError::Conflict(err.to_string()),
            AccountError::EmailChangeUnknown => ApiError::NotFound(err.to_string()),
            AccountError::EmailChangeExpired => ApiError::Gone(err.to_string()),
            AccountError::Db(err) => err.into(),
            AccountError::Hashing(err) => ApiError::Internal(err),
        }
    }
}

impl From<OutboxError> for ApiError {
    fn from(err: OutboxError) -> Self {
        match err {
            OutboxError::NotFound(_) => ApiError::NotFound(err.to_string()),
            OutboxError::Delivered(_) => ApiError::Conflict(err.to_string()),
            OutboxError::Db(err) => err.into(),
        }
    }
}

impl From<ProfileError> for ApiError {
    fn from(err: ProfileError) -> Self {
        match err {
            ProfileError::Invalid { .. } => ApiError::Unprocessable(err.to_string()),
            // A profile belongs to a translator: for anyone else there is none to find.
            ProfileError::NotATranslator(_) => ApiError::NotFound(err.to_string()),
            ProfileError::Db(err) => err.into(),
        }
    }
}

impl From<AssignmentError> for ApiError {
    fn from(err: AssignmentError) -> Self {
        match err {
            AssignmentError::Invalid(message) => ApiError::Unprocessable(message),
            AssignmentError::NotFound(_)
            | AssignmentError::JobNotFound(_)
            | AssignmentError::ProjectNotFound(_) => ApiError::NotFound(err.to_string()),
            AssignmentError::NotATranslator(_)
            | AssignmentError::NotConfirmed(_)
            | AssignmentError::NotAcknowledged(_) => ApiError::Unprocessable(err.to_string()),
            AssignmentError::AlreadyAssigned(_)
            | AssignmentError::NothingToAssign(_)
            | AssignmentError::NotAllowedInState(..) => ApiError::Conflict(err.to_string()),
            AssignmentError::NotTheAssignee => ApiError::Forbidden(err.to_string()),
            AssignmentError::NoOrder => ApiError::Conflict(err.to_string()),
            AssignmentError::Order(err) => ApiError::Internal(err.into()),
            AssignmentError::Join(err) => err.into(),
            AssignmentError::Db(err) => err.into(),
        }
    }
}

impl From<EarningsError> for ApiError {
    fn from(err: EarningsError) -> Self {
        match err {
            EarningsError::ProjectNotFound(_) => ApiError::NotFound(err.to_string()),
            EarningsError::Db(err) => err.into(),
        }
    }
}

impl From<ProposalError> for ApiError {
    fn from(err: ProposalError) -> Self {
        match err {
            ProposalError::Invalid(message) => ApiError::Unprocessable(message),
            ProposalError::NotFound(_) => ApiError::NotFound(err.to_string()),
            ProposalError::Decided(_) => ApiError::Conflict(err.to_string()),
            ProposalError::Term(err) => err.into(),
            ProposalError::Db(err) => err.into(),
        }
    }
}

impl From<InvitationError> for ApiError {
    fn from(err: InvitationError) -> Self {
        match err {
            InvitationError::Invalid(message) => ApiError::Unprocessable(message),
            InvitationError::Field(err) => ApiError::Unprocessable(err.to_string()),
            InvitationError::AccountExists(_) => ApiError::Conflict(err.to_string()),
            InvitationError::Unknown | InvitationError::NotFound(_) => {
                ApiError::NotFound(err.to_string())
            }
            InvitationError::Gone(message) => ApiError::Gone(message),
            InvitationError::Account(err) => err.into(),
            InvitationError::Db(err) => err.into(),
        }
    }
}

impl From<ResetError> for ApiError {
    fn from(err: ResetError) -> Self {
        match err {
            ResetError::Unknown => ApiError::NotFound(err.to_string()),
            ResetError::Gone => ApiError::Gone(err.to_string()),
            ResetError::Throttled { retry_after } => ApiError::TooManyRequests {
                message: err.to_string(),
                retry_after_secs: retry_after.as_secs().max(1),
            },
            ResetError::Account(err) => err.into(),
            ResetError::Db(err) => err.into(),
        }
    }
}

impl From<ReviewError> for ApiError {
    fn from(err: ReviewError) -> Self {
        let message = err.to_string();
        match err {
            ReviewError::LinkNotFound
            | ReviewError::NotAReviewer
            | ReviewError::JobNotInReview
            | ReviewError::SegmentNotInReview
            | ReviewError::ProjectNotFound
            | ReviewError::JobNotFound
            | ReviewError::LinkNotOfProject
            | ReviewError::SegmentNotOfProject
            | ReviewError::SegmentNotOfJob
            | ReviewError::NoComments => ApiError::NotFound(message),
            ReviewError::Throttled {
                retry_after_secs, ..
            } => ApiError::TooManyRequests {
                message,
                retry_after_secs,
            },
            ReviewError::SignInRequired => ApiError::Unauthorized(message),
            ReviewError::AnotherAccount => ApiError::Forbidden(message),
            ReviewError::LinkRevoked(_) | ReviewError::LinkExpired(_) => ApiError::Gone(message),
            ReviewError::Submitted
            | ReviewError::AlreadySubmitted
            | ReviewError::StaleRevision { .. }
            | ReviewError::NotPretranslated(_)
            | ReviewError::NotInReview(_)
            | ReviewError::PersonalReviewClosed
            | ReviewError::LinkClosed => ApiError::Conflict(message),
            ReviewError::NotTranslatable
            | ReviewError::NoMachineTranslation
            | ReviewError::CommentLength
            | ReviewError::DaysOutOfRange(_)
            | ReviewError::TooLong { .. }
            | ReviewError::Field(_) => ApiError::Unprocessable(message),
            ReviewError::Db(err) => err.into(),
        }
    }
}

impl From<WorkbookImportError> for ApiError {
    fn from(err: WorkbookImportError) -> Self {
        match err {
            WorkbookImportError::SameJob { .. } | WorkbookImportError::NoneOfTheProject { .. } => {
                ApiError::Unprocessable(err.to_string())
            }
            WorkbookImportError::ProjectNotFound => ApiError::NotFound(err.to_string()),
            WorkbookImportError::Db(err) => err.into(),
            WorkbookImportError::Join(err) => err.into(),
        }
    }
}

impl From<ClientError> for ApiError {
    fn from(err: ClientError) -> Self {
        match err {
            ClientError::NotFound => ApiError::NotFound(err.to_string()),
            ClientError::NameTaken(_) => ApiError::Conflict(err.to_string()),
            ClientError::Db(err) => err.into(),
        }
    }
}

impl From<SiteError> for ApiError {
    /// A site that cannot be read is a bad gateway: the fault is between Wordmark and the site.
    fn from(err: SiteError) -> Self {
        match err {
            SiteError::NotFound | SiteError::RequestNotFound => ApiError::NotFound(err.to_string()),
            SiteError::Invalid(_)
            | SiteError::TooMuchContent
            | SiteError::Sealed(_)
            | SiteError::UnknownItem(_)
            | SiteError::WrongLanguage(..)
            | SiteError::BadXliff { .. }
            | SiteError::NotASiteProject => ApiError::Unprocessable(err.to_string()),
            SiteError::AlreadyAdded(_)
            | SiteError::TooMany
            | SiteError::PublishRunning
            | SiteError::NothingChanged
            | SiteError::RequestMade => ApiError::Conflict(err.to_string()),
            SiteError::Site(_) => ApiError::BadGateway(err.to_string()),
            SiteError::Quote(err) => err.into(),
            SiteError::Translation(err) => err.into(),
            SiteError::Db(err) => err.into(),
        }
    }
}

impl From<RebrandingError> for ApiError {
    fn from(err: RebrandingError) -> Self {
        match err {
            RebrandingError::NotFound => ApiError::NotFound(err.to_string()),
            RebrandingError::Db(err) => err.into(),
        }
    }
}

impl From<TranslationError> for ApiError {
    fn from(err: TranslationError) -> Self {
        match err {
            TranslationError::ProjectNotFound | TranslationError::SegmentNotFound => {
                ApiError::NotFound(err.to_string())
            }
            TranslationError::FileNameTaken(_)
            | TranslationError::FileAlreadyInProject(_)
            | TranslationError::NotDelivered(_) => ApiError::Conflict(err.to_string()),
            TranslationError::EditsStale(ref stale) => ApiError::ConflictWith {
                message: err.to_string(),
                conflicts: serde_json::to_value(stale).unwrap_or_default(),
            },
            TranslationError::EditRefused(_)
            | TranslationError::NoJobs(_)
            | TranslationError::NoSuchWarning => ApiError::Unprocessable(err.to_string()),
            TranslationError::Upload(err) => err.into(),
            TranslationError::Export(err) => err.into(),
            TranslationError::Db(err) => err.into(),
            TranslationError::Join(err) => err.into(),
        }
    }
}

impl From<SettingsError> for ApiError {
    fn from(err: SettingsError) -> Self {
        match err {
            SettingsError::Db(err) => err.into(),
            SettingsError::Missing(_)
            | SettingsError::Invalid { .. }
            | SettingsError::CannotTranslate(_)
            | SettingsError::TermsTooLong => ApiError::Unprocessable(err.to_string()),
        }
    }
}

impl From<NotificationError> for ApiError {
    fn from(err: NotificationError) -> Self {
        match err {
            NotificationError::NotFound(_) => ApiError::NotFound(err.to_string()),
            NotificationError::UnknownSort(_) => ApiError::BadRequest(err.to_string()),
            NotificationError::Db(err) => err.into(),
        }
    }
}

impl From<AuditError> for ApiError {
    fn from(err: AuditError) -> Self {
        match err {
            AuditError::NotADay { .. } | AuditError::EmptyRange { .. } => {
                ApiError::BadRequest(err.to_string())
            }
        }
    }
}

impl From<TermError> for ApiError {
    fn from(err: TermError) -> Self {
        match err {
            TermError::Invalid(message) => ApiError::Unprocessable(message),
            TermError::Duplicate(message) => ApiError::Conflict(message),
            TermError::NotFound => ApiError::NotFound(err.to_string()),
            TermError::Refused { .. } => ApiError::Unprocessable(err.to_string()),
            TermError::Db(err) => err.into(),
            TermError::Join(err) => err.into(),
        }
    }
}

impl From<RatesError> for ApiError {
    fn from(err: RatesError) -> Self {
        match err {
            RatesError::Refused(_) => ApiError::Unprocessable(err.to_string()),
            RatesError::Db(err) => err.into(),
        }
    }
}

impl From<QuoteError> for ApiError {
    fn from(err: QuoteError) -> Self {
        match err {
            QuoteError::NotFound => ApiError::NotFound(err.to_string()),
            QuoteError::Invalid(message) => ApiError::Unprocessable(message),
            QuoteError::Logo(_) => ApiError::Unprocessable(err.to_string()),
            QuoteError::WrongState(message) => ApiError::Conflict(message),
            QuoteError::Expired(message) => ApiError::Gone(message),
            QuoteError::Translation(err) => err.into(),
            QuoteError::Report(err) => ApiError::Internal(err.into()),
            QuoteError::Db(err) => err.into(),
            QuoteError::Join(err) => err.into(),
        }
    }
}

impl From<StartError> for ApiError {
    /// No provider is a conflict with the settings, which an administrator resolves.
    fn from(err: StartError) -> Self {
        match err {
            StartError::NoProvider(message) => ApiError::Conflict(message),
            StartError::Db(error) => error.into(),
            StartError::Counting(error) => error.into(),
        }
    }
}

impl From<SingleJobError> for ApiError {
    /// The provider's failure is a bad gateway; the rest is the server's.
    fn from(err: SingleJobError) -> Self {
        match err {
            SingleJobError::Provider(error) => ApiError::BadGateway(error.to_string()),
            SingleJobError::Db(error) => error.into(),
            SingleJobError::Write(error) => ApiError::Internal(error.into()),
        }
    }
}

impl From<client_archive::export::ExportError> for ApiError {
    fn from(err: client_archive::export::ExportError) -> Self {
        match err {
            client_archive::export::ExportError::NotFound(_) => {
                ApiError::NotFound("Client not found".into())
            }
            other => ApiError::Internal(other.into()),
        }
    }
}

impl From<ImportError> for ApiError {
    /// Size limits are 413, not a zip 415, a taken name 409, everything else about the
    /// archive 422; every message names the archive and the entry.
    fn from(err: ImportError) -> Self {
        let message = err.to_string();
        match err {
            ImportError::Archive(err) if err.is_too_large() => ApiError::PayloadTooLarge(message),
            ImportError::Archive(ArchiveError::NotZip { .. }) => {
                ApiError::UnsupportedMediaType(message)
            }
            ImportError::NameTaken(_) => ApiError::Conflict(message),
            ImportError::Archive(_)
            | ImportError::NotClientArchive { .. }
            | ImportError::NewerVersion { .. }
            | ImportError::Entry { .. }
            | ImportError::BadName(_) => ApiError::Unprocessable(message),
            ImportError::Db(err) => err.into(),
            ImportError::Io(err) => err.into(),
            ImportError::Join(err) => err.into(),
        }
    }
}

impl From<TmxImportError> for ApiError {
    /// A unit the import could not read after the file's check is the file's fault (422);
    /// the rest is the server's.
    fn from(err: TmxImportError) -> Self {
        match err {
            TmxImportError::Refused { .. } => ApiError::Unprocessable(err.to_string()),
            TmxImportError::Tmx(err) => {
                ApiError::Unprocessable(format!("The TMX file was refused: {err}."))
            }
            TmxImportError::Db(err) => err.into(),
            TmxImportError::Join(err) => err.into(),
        }
    }
}

impl From<UploadError> for ApiError {
    /// Size limits are 413, not a zip 415, the rest 422; every message names the archive or
    /// the file (with line and column for XLIFF).
    fn from(err: UploadError) -> Self {
        let message = format!("{err}. Nothing was imported.");
        match err {
            UploadError::Archive(err) if err.is_too_large() => ApiError::PayloadTooLarge(message),
            UploadError::Archive(ArchiveError::NotZip { .. }) => {
                ApiError::UnsupportedMediaType(message)
            }
            _ => ApiError::Unprocessable(message),
        }
    }
}

impl From<ExportError> for ApiError {
    fn from(err: ExportError) -> Self {
        match err {
            // A stored target that cannot go into its file (QA lets none through; older data
            // might).
            ExportError::Xliff(e) => {
                ApiError::Unprocessable(format!("The XLIFF export failed: {e}."))
            }
            other => ApiError::Internal(other.into()),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::from_rejection(rejection.status(), rejection.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::from_rejection(rejection.status(), rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::from_rejection(rejection.status(), rejection.body_text())
    }
}

impl From<tokio::task::JoinError> for ApiError {
    fn from(err: tokio::task::JoinError) -> Self {
        ApiError::Internal(err.into())
    }
}

/// The server's own files (the temporary files of uploads and downloads) failing.
impl From<std::io::Error> for ApiError {
    fn from(err: std::io::Error) -> Self {
        ApiError::Internal(err.into())
    }
}

/// Lets a query name the conflict it can cause: `insert(..).await.on_conflict(|| "...")`.
pub trait DbResultExt<T> {
    fn on_conflict(self, message: impl FnOnce() -> String) -> ApiResult<T>;
}

impl<T> DbResultExt<T> for Result<T, DbErr> {
    fn on_conflict(self, message: impl FnOnce() -> String) -> ApiResult<T> {
        self.map_err(|err| match ApiError::from(err) {
            ApiError::Conflict(_) => ApiError::Conflict(message()),
            other => other,
        })
    }
}

/// `Json` whose rejections answer in the API's error shape (400/413/415/422).
#[derive(Debug, Clone, Copy, Default, axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// `Path` whose rejections (e.g. `/api/client/abc`) answer in the API's error shape.
#[derive(Debug, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// `Query` whose rejections (e.g. `?project_id=abc`) answer in the API's error shape.
#[derive(Debug, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// A required text field: trimmed, and a 422 naming the field when it is missing or blank.
pub fn required(field: &str, value: Option<String>) -> ApiResult<String> {
    match value.map(|v| v.trim().to_owned()) {
        Some(v) if !v.is_empty() => Ok(v),
        _ => Err(ApiError::Unprocessable(format!(
            "The field {field} is required."
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_fields_are_trimmed_and_named_when_missing() {
        assert_eq!(required("email", Some("  a@b.c ".into())).unwrap(), "a@b.c");
        for missing in [None, Some("   ".to_owned())] {
            let err = required("email", missing).unwrap_err();
            assert_eq!(err.status(), StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(err.to_string(), "The field email is required.");
        }
    }

    #[tokio::test]
    async fn internal_errors_do_not_leak_detail() {
        let response = ApiError::Internal(anyhow::anyhow!("password=secret")).into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let body = String::from_utf8_lossy(&body);
        assert!(body.contains("An internal error occurred"), "{body}");
        assert!(!body.contains("secret"), "{body}");
    }
}
