//! What every paged list query shares: the page window, the direction, the text search and the
//! answer with its total. The lists' own columns, filters and sort keys live in their modules.

use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, SimpleExpr};
use serde::Deserialize;
use utoipa::ToSchema;

/// A window of a list: `limit` rows after the first `offset`.
///
/// Offsets rather than opaque cursors: the app shows numbered pages with the total and lets a
/// shared link open page 7 directly, which a cursor cannot do; every list orders by an indexed
/// key with the id as tie-breaker, so skipping even thousands of rows stays a short index walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub limit: u64,
    pub offset: u64,
}

/// Sort direction of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

impl Order {
    /// The direction as SQL writes it, for statements written as text.
    pub fn keyword(self) -> &'static str {
        match self {
            Order::Asc => "ASC",
            Order::Desc => "DESC",
        }
    }
}

impl From<Order> for sea_orm::Order {
    fn from(order: Order) -> Self {
        match order {
            Order::Asc => sea_orm::Order::Asc,
            Order::Desc => sea_orm::Order::Desc,
        }
    }
}

/// One page of a list and how many rows match its filters in all.
#[derive(Debug)]
pub struct Listing<T> {
    pub rows: Vec<T>,
    pub total: u64,
}

impl<T> Listing<T> {
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Listing<U> {
        Listing {
            rows: self.rows.into_iter().map(f).collect(),
            total: self.total,
        }
    }
}

/// `expr` contains `needle`, ignoring case: `LOWER(expr) LIKE '%needle%'` with `%`, `_` and
/// `\` in the needle taken literally. PostgreSQL lowers every letter; SQLite's `LOWER` and
/// `LIKE` fold ASCII letters only, so there `Ä` and `ä` stay different.
pub fn contains(expr: impl Into<SimpleExpr>, needle: &str) -> SimpleExpr {
    let mut pattern = String::with_capacity(needle.len() + 2);
    pattern.push('%');
    for c in needle.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    Expr::expr(Func::lower(expr.into())).like(LikeExpr::new(pattern).escape('\\'))
}

/// Reads a `COUNT(*)` answer, which SQLite and PostgreSQL both hand back as a 64-bit integer.
pub fn count(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use sea_orm::sea_query::{Alias, Query, SqliteQueryBuilder};

    use super::*;

    #[test]
    fn wildcards_in_the_search_are_literal() {
        let sql = Query::select()
            .column(Alias::new("id"))
            .from(Alias::new("t"))
            .and_where(contains(Expr::col(Alias::new("name")), "50%_A\\b"))
            .to_string(SqliteQueryBuilder);
        assert!(
            sql.ends_with(r#"WHERE LOWER("name") LIKE '%50\%\_a\\b%' ESCAPE '\'"#),
            "{sql}"
        );
    }
}
