//! The one authorization policy: what each role may do, as a table of role × permission.
//!
//! A permission is named for what is done (`MemoryWrite`: edit, delete and import memory
//! entries). Every routed handler declares the one it needs with the extractor
//! `http::auth::Authorized<perm::MemoryWrite>`, and its OpenAPI operation names the same
//! permission as the scope of its bearer-token security (`security(("bearer_token" =
//! ["memory.write"]))`); routes open without a token say `security(())`. The integration test
//! `policy.rs` walks every operation of the document × every role and checks the answers
//! against [`allows`], so an operation that declares nothing, or declares one thing and checks
//! another, fails it.
//!
//! Rules about *which* record a caller may act on stay with the records: one's own account
//! ([`crate::http::auth::CurrentUser::ensure_self_or_user_manager`]), and the [`ClientScope`]: a
//! customer reaches only their own clients' records. The stores filter their lists and counts
//! by it in SQL, and `Authorized` answers 404 for a record of another client before it checks
//! the permission, so that ids do not leak.

use std::collections::BTreeSet;

use sea_orm::{ColumnTrait, Condition};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::entities::user::Role;
use Role::{Admin, Customer, Editor, Translator};

/// Every role.
const EVERYONE: &[Role] = &Role::ALL;
/// The agency's staff who run projects: administrators and editors.
const STAFF: &[Role] = &[Admin, Editor];
/// Those who translate: staff and translators.
const TRANSLATORS: &[Role] = &[Admin, Editor, Translator];
const ADMINS: &[Role] = &[Admin];
/// Who is offered work: translators (administrators may do everything).
const ASSIGNEES: &[Role] = &[Admin, Translator];
/// Staff who run projects, and the customer: who requests a translation (staff on a
/// customer's behalf, for a request that came by mail or phone) and who receives the finished
/// project.
const STAFF_AND_CUSTOMERS: &[Role] = &[Admin, Editor, Customer];
/// A customer's own doings: their review, their answer to a quote, their term proposals
/// (administrators may do everything, to record what a customer said elsewhere).
const CUSTOMERS: &[Role] = &[Admin, Customer];

/// Declares the permissions: the enum, its table row (the roles allowed), its key in the API
/// (the bearer scope of an operation, and the app's `can(user, key)`) and its description,
/// and one marker type per permission in [`perm`] for the extractor.
macro_rules! permissions {
    ($( $(#[doc = $doc:literal])+ $name:ident = $key:tt => $roles:expr; )+) => {
        /// Something a signed-in user does through the API; see [`allows`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
        pub enum Permission {
            $( $(#[doc = $doc])+ #[serde(rename = $key)] $name, )+
        }

        impl Permission {
            pub const ALL: &[Permission] = &[$(Permission::$name),+];

            /// The name the API uses: the scope in the OpenAPI document, the app's key.
            pub fn key(self) -> &'static str {
                match self { $(Permission::$name => $key,)+ }
            }

            /// What it allows, in one sentence.
            pub fn description(self) -> &'static str {
                match self { $(Permission::$name => concat!($($doc),+).trim_ascii(),)+ }
            }

            /// The table: the roles that have this permission.
            pub fn roles(self) -> &'static [Role] {
                match self { $(Permission::$name => $roles,)+ }
            }
        }

        /// One type per [`Permission`], for `Authorized<perm::…>` in a handler's parameters.
        pub mod perm {
            $(
                $(#[doc = $doc])+
                #[derive(Clone, Copy, Debug)]
                pub struct $name;

                impl super::Required for $name {
                    const PERMISSION: super::Permission = super::Permission::$name;
                }
            )+
        }
    };
}

/// A marker type of [`perm`]: the permission a handler requires.
pub trait Required: Send + Sync + 'static {
    const PERMISSION: Permission;
}

permissions! {
    /// See clients, their details and logos.
    ClientsRead = "clients.read" => STAFF_AND_CUSTOMERS;
    /// Create clients and change their details and logo.
    ClientsWrite = "clients.write" => STAFF;
    /// Delete a client with all its projects.
    ClientsDelete = "clients.delete" => STAFF;
    /// See a client's WordPress sites (never their passwords) and the content read from them.
    SitesRead = "sites.read" => STAFF_AND_CUSTOMERS;
    /// Add, change and remove a client's sites, check their connection and read their content.
    SitesManage = "sites.manage" => STAFF;
    /// See a client's customer accounts and when they last signed in.
    PeopleRead = "people.read" => STAFF;
    /// See translation and rebranding projects, jobs and segments with their history, the
    /// dashboard, analyses and quotes, and the comments; download a brand package.
    ProjectsRead = "projects.read" => EVERYONE;
    /// Create and change translation and rebranding projects, add jobs, set fuzzy fill, and
    /// move a project on: export XLSX for correction, import corrected XLSX, export XLIFF.
    ProjectsWrite = "projects.write" => STAFF;
    /// Request a translation for a client: a project from a WPML zip with a draft quote.
    ProjectsRequest = "projects.request" => STAFF_AND_CUSTOMERS;
    /// Delete translation and rebranding projects and jobs.
    ProjectsDelete = "projects.delete" => STAFF;
    /// Translate: edit a job's segments in the job view and machine-translate one job.
    SegmentsWrite = "segments.write" => TRANSLATORS;
    /// Start pre-translation of a whole project (memory and machine translation).
    PretranslationRun = "pretranslation.run" => STAFF;
    /// Answer and resolve the comments on a project's segments.
    CommentsWrite = "comments.write" => TRANSLATORS;
    /// See a project's review links: to whom each went, when it was opened, what came back.
    /// Not customers: a link names its reviewer, and a personal one is another account's own.
    ReviewLinksRead = "review_links.read" => STAFF;
    /// Create, revoke and extend a project's review links.
    ReviewLinksManage = "review_links.manage" => STAFF;
    /// Open a project's review in the browser as oneself: a personal review link bound to
    /// one's account, which works only with one's session.
    ReviewsOwn = "reviews.own" => CUSTOMERS;
    /// Download a completed project's XLIFF files (the delivery; it moves no status).
    DeliveriesDownload = "deliveries.download" => STAFF_AND_CUSTOMERS;
    /// Compose and send a project's quotes and see every project's quotes.
    QuotesManage = "quotes.manage" => STAFF;
    /// Accept or decline a quote that was sent.
    QuotesAnswer = "quotes.answer" => CUSTOMERS;
    /// Search and export a client's translation memory.
    MemoryRead = "memory.read" => STAFF_AND_CUSTOMERS;
    /// See a segment's memory matches in the job view (a translator: of their jobs only).
    MatchesRead = "matches.read" => EVERYONE;
    /// Edit, delete and import (TMX) translation memory entries.
    MemoryWrite = "memory.write" => STAFF;
    /// Read and export a client's termbase and its suggestions.
    TermsRead = "terms.read" => STAFF_AND_CUSTOMERS;
    /// Add, change, delete and import termbase entries.
    TermsWrite = "terms.write" => STAFF;
    /// Propose entries for one's client's termbase, which staff accept or refuse.
    TermsPropose = "terms.propose" => CUSTOMERS;
    /// Read the default and the clients' rate schemes, the analysis's prices and machine
    /// translation cost, the quote priced from today's analysis, and what a project earns (the
    /// agency's own numbers: a customer's price is the quote sent to them).
    RatesRead = "rates.read" => STAFF;
    /// Change and remove rate schemes.
    RatesWrite = "rates.write" => STAFF;
    /// Read and change one's own account (never one's role) and sign out.
    OwnAccount = "account.own" => EVERYONE;
    /// List, create, change (role included) and delete any user.
    UsersManage = "users.manage" => ADMINS;
    /// Read and export the audit log.
    AuditRead = "audit.read" => ADMINS;
    /// Configure machine translation.
    SettingsManage = "settings.manage" => ADMINS;
    /// Export a client's archive and restore one.
    ArchiveManage = "archive.manage" => ADMINS;
    /// See the outgoing mails that failed or were given up, and send them again.
    MailManage = "mail.manage" => ADMINS;
    /// Offer jobs to translators, and return, close or withdraw their assignments.
    AssignmentsManage = "assignments.manage" => STAFF;
    /// See assignments: a translator their own, staff everyone's.
    AssignmentsRead = "assignments.read" => TRANSLATORS;
    /// Accept or decline an offered job, and deliver it: the translator it was offered to.
    AssignmentsRespond = "assignments.respond" => ASSIGNEES;
    /// Read the server's build information.
    BuildInfoRead = "build_info.read" => EVERYONE;
}

/// Whether `role` has `permission`, read from the table above.
pub fn allows(role: Role, permission: Permission) -> bool {
    permission.roles().contains(&role)
}

/// The permissions of `role`, in the table's order.
pub fn permissions_of(role: Role) -> Vec<Permission> {
    Permission::ALL
        .iter()
        .copied()
        .filter(|&permission| allows(role, permission))
        .collect()
}

/// Which records a signed-in user reaches: staff every client's, a customer the records of the
/// clients their account belongs to (`user_client`, read with the token check), a translator
/// the jobs assigned to them (read with the token check too, so that a withdrawn assignment
/// ends their access at the next request).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientScope {
    Everything,
    Clients(BTreeSet<i32>),
    Assignments(Assigned),
}

/// A translator's scope: their open assignments' jobs, and no client's other records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assigned {
    pub translator_id: i32,
    /// The jobs of their offered, accepted, delivered or returned assignments.
    pub jobs: BTreeSet<i32>,
    /// Those whose assignment is accepted or returned: the translator may edit them.
    pub editable: BTreeSet<i32>,
}

/// No client: what a translator's client-wide lists are narrowed to.
static NO_CLIENT: BTreeSet<i32> = BTreeSet::new();

impl ClientScope {
    /// The scope of a staff account or a customer belonging to `client_ids` (staff belong to
    /// none); a translator's is [`ClientScope::Assignments`], read apart.
    pub fn of(role: Role, client_ids: impl IntoIterator<Item = i32>) -> ClientScope {
        match role {
            Customer => ClientScope::Clients(client_ids.into_iter().collect()),
            Translator => ClientScope::Assignments(Assigned::default()),
            Admin | Editor => ClientScope::Everything,
        }
    }

    /// The client ids a scoped user is limited to; `None` for everything. A translator
    /// reaches no client as a whole: the lists of clients' records show them nothing.
    pub fn client_ids(&self) -> Option<&BTreeSet<i32>> {
        match self {
            ClientScope::Everything => None,
            ClientScope::Clients(ids) => Some(ids),
            ClientScope::Assignments(_) => Some(&NO_CLIENT),
        }
    }

    /// The jobs a translator is limited to; `None` for everyone else.
    pub fn assigned(&self) -> Option<&Assigned> {
        match self {
            ClientScope::Assignments(assigned) => Some(assigned),
            ClientScope::Everything | ClientScope::Clients(_) => None,
        }
    }

    /// Whether the caller may write the targets of `job_id` as far as the scope goes: a
    /// translator while their assignment of it is accepted or returned.
    pub fn may_edit_job(&self, job_id: i32) -> bool {
        self.assigned()
            .is_none_or(|assigned| assigned.editable.contains(&job_id))
    }

    /// Whether a record of `client_id` (`None`: of no client) is in the scope.
    pub fn includes(&self, client_id: Option<i32>) -> bool {
        match self.client_ids() {
            None => true,
            Some(ids) => client_id.is_some_and(|id| ids.contains(&id)),
        }
    }

    /// `matching`, narrowed to the rows whose `client_id` column is in the scope (unchanged for
    /// everything, so that an unscoped query keeps its plan).
    pub fn narrow(&self, matching: Condition, client_id: impl ColumnTrait) -> Condition {
        match self.client_ids() {
            None => matching,
            Some(ids) => matching.add(client_id.is_in(ids.iter().copied())),
        }
    }
}

impl std::str::FromStr for Permission {
    type Err = String;

    fn from_str(key: &str) -> Result<Self, Self::Err> {
        Permission::ALL
            .iter()
            .copied()
            .find(|permission| permission.key() == key)
            .ok_or_else(|| format!("Unknown permission \"{key}\"."))
    }
}

impl std::fmt::Display for Permission {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// The role table of docs/product.md: one row per permission, one column per role.
pub fn markdown_table() -> String {
    let mut table = String::from("| Permission | What it allows |");
    for role in Role::ALL {
        table.push_str(&format!(" {role} |"));
    }
    table.push_str("\n|---|---|");
    table.push_str(&":-:|".repeat(Role::ALL.len()));
    table.push('\n');
    for &permission in Permission::ALL {
        table.push_str(&format!(
            "| `{}` | {} |",
            permission.key(),
            permission.description()
        ));
        for role in Role::ALL {
            table.push_str(if allows(role, permission) {
                " ✓ |"
            } else {
                " |"
            });
        }
        table.push('\n');
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEGIN: &str = "<!-- policy table: begin -->\n";
    const END: &str = "<!-- policy table: end -->";

    #[test]
    fn the_defects_of_the_old_rules_stay_fixed() {
        for permission in [
            Permission::MemoryWrite,
            Permission::TermsWrite,
            Permission::RatesWrite,
            Permission::ClientsDelete,
            Permission::ProjectsDelete,
        ] {
            assert_eq!(permission.roles(), STAFF, "{permission}");
        }
    }

    #[test]
    fn customers_read_request_review_answer_quotes_propose_terms_take_deliveries_and_keep_their_account()
     {
        use Permission::*;
        assert_eq!(
            permissions_of(Role::Customer),
            [
                ClientsRead,
                SitesRead,
                ProjectsRead,
                ProjectsRequest,
                ReviewsOwn,
                DeliveriesDownload,
                QuotesAnswer,
                MemoryRead,
                MatchesRead,
                TermsRead,
                TermsPropose,
                OwnAccount,
                BuildInfoRead
            ]
        );
    }

    /// A translator reads and works on the jobs assigned to them (their scope decides which)
    /// and answers offers; no client, rate scheme, memory or termbase listing, review link.
    #[test]
    fn translators_work_on_their_assignments_and_read_no_clients_records() {
        use Permission::*;
        assert_eq!(
            permissions_of(Role::Translator),
            [
                ProjectsRead,
                SegmentsWrite,
                CommentsWrite,
                MatchesRead,
                OwnAccount,
                AssignmentsRead,
                AssignmentsRespond,
                BuildInfoRead
            ]
        );
    }

    #[test]
    fn administrators_may_do_everything_and_keys_are_unique() {
        assert_eq!(permissions_of(Role::Admin), Permission::ALL);
        for &permission in Permission::ALL {
            assert_eq!(permission.key().parse(), Ok(permission));
            assert!(!permission.description().is_empty());
        }
    }

    #[test]
    fn customers_are_scoped_to_their_clients_and_translators_to_their_jobs() {
        for role in [Admin, Editor] {
            let scope = ClientScope::of(role, [1]);
            assert_eq!(scope, ClientScope::Everything, "{role}");
            assert!(scope.includes(Some(2)) && scope.includes(None));
            assert!(scope.may_edit_job(3));
        }
        let scope = ClientScope::of(Role::Customer, [1, 3]);
        assert!(scope.includes(Some(1)) && scope.includes(Some(3)));
        assert!(!scope.includes(Some(2)), "another client");
        assert!(!scope.includes(None), "a record of no client");
        assert!(!ClientScope::of(Role::Customer, []).includes(Some(1)));

        let scope = ClientScope::Assignments(Assigned {
            translator_id: 5,
            jobs: [7, 8].into(),
            editable: [7].into(),
        });
        assert!(
            !scope.includes(Some(1)) && !scope.includes(None),
            "no client"
        );
        assert_eq!(scope.client_ids(), Some(&BTreeSet::new()));
        assert!(scope.may_edit_job(7), "accepted");
        assert!(!scope.may_edit_job(8), "offered or delivered");
        assert!(!scope.may_edit_job(9), "not theirs");
    }

    /// docs/product.md shows the table between two markers; it must be this one.
    #[test]
    fn the_role_table_of_the_product_docs_is_the_policy() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/product.md");
        let docs = std::fs::read_to_string(path).expect("docs/product.md is readable");
        let (before, rest) = docs
            .split_once(BEGIN)
            .expect("docs/product.md has the policy table's begin marker");
        let (shown, after) = rest
            .split_once(END)
            .expect("docs/product.md has the policy table's end marker");
        let table = markdown_table();
        if shown != table && std::env::var_os("WORDMARK_UPDATE_DOCS").is_some() {
            std::fs::write(path, format!("{before}{BEGIN}{table}{END}{after}")).unwrap();
            return;
        }
        assert!(
            shown == table,
            "docs/product.md's role table differs from the policy (src/policy.rs). Regenerate it \
             with `WORDMARK_UPDATE_DOCS=1 cargo test -p wordmark-server --lib policy`.\n\
             Expected:\n{table}"
        );
    }
}
