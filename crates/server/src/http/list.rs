//! The query parameters every paged list takes (`limit`, `offset`, `order`), their checks, and
//! the answer: the page's rows as a JSON array with the number of matching rows in the
//! `X-Total-Count` header, so the array stays the list's contract.

use axum::{
    http::{HeaderName, HeaderValue},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

use super::error::{ApiError, ApiJson, ApiResult};
use crate::db::listing::{Listing, Order, Window};

/// Rows a list answers when `limit` is absent.
pub const DEFAULT_LIMIT: u64 = 50;
/// The most rows one request may ask for.
pub const MAX_LIMIT: u64 = 200;
/// The most rows a list may skip: the databases take the offset as a signed 64-bit integer.
pub const MAX_OFFSET: u64 = i64::MAX as u64;

pub const TOTAL_COUNT: HeaderName = HeaderName::from_static("x-total-count");

/// Paging and direction of a list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Rows to answer, 1 to 200 (50 when absent).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
    /// Matching rows to skip before the first one answered (0 when absent).
    pub offset: Option<u64>,
    /// `asc` or `desc`; each list names its default with its `sort`.
    pub order: Option<Order>,
}

impl PageQuery {
    /// The window asked for; a limit outside 1–200 or an offset the databases cannot take is
    /// a 400 naming it.
    pub fn window(&self) -> ApiResult<Window> {
        let limit = self.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(ApiError::BadRequest(format!(
                "The limit {limit} is out of range: ask for 1 to {MAX_LIMIT} rows."
            )));
        }
        let offset = self.offset.unwrap_or(0);
        if offset > MAX_OFFSET {
            return Err(ApiError::BadRequest(format!(
                "The offset {offset} is out of range: skip at most {MAX_OFFSET} rows."
            )));
        }
        Ok(Window { limit, offset })
    }

    pub fn order_or(&self, default: Order) -> Order {
        self.order.unwrap_or(default)
    }
}

/// A text filter as given: trimmed, and `None` when blank (an emptied search box filters nothing).
pub fn given(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// A language filter as given, in WPML's form (`de-DE` filters `de`), as the codes are stored.
pub fn given_lang(value: Option<String>) -> Option<String> {
    given(value).map(|code| wordmark_core::lang::normalize(&code))
}

impl<T: Serialize> IntoResponse for Listing<T> {
    fn into_response(self) -> Response {
        let mut response = ApiJson(self.rows).into_response();
        response
            .headers_mut()
            .insert(TOTAL_COUNT, HeaderValue::from(self.total));
        response
    }
}

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;

    use super::*;

    #[test]
    fn the_limit_defaults_to_fifty_and_stays_within_range() {
        let window = PageQuery::default().window().unwrap();
        assert_eq!((window.limit, window.offset), (50, 0));
        for limit in [0, 201] {
            let query = PageQuery {
                limit: Some(limit),
                ..Default::default()
            };
            let err = query.window().unwrap_err();
            assert_eq!(err.status(), StatusCode::BAD_REQUEST);
            assert!(err.to_string().contains(&format!("limit {limit}")), "{err}");
        }
    }

    #[test]
    fn the_offset_stays_within_what_the_databases_take() {
        let query = |offset| PageQuery {
            offset: Some(offset),
            ..Default::default()
        };
        assert_eq!(query(MAX_OFFSET).window().unwrap().offset, MAX_OFFSET);
        let err = query(MAX_OFFSET + 1).window().unwrap_err();
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert!(
            err.to_string().contains("offset 9223372036854775808"),
            "{err}"
        );
    }
}
