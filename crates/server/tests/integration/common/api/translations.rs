//! Translation projects: `/api/translation`, `/api/translation/{id}` and what a project holds
//! (its files, analysis, pre-translation run, review workbooks, delivery).

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/translation`: every translation project.
    pub fn translations(&self) -> Translations<'_> {
        Translations(Resource::new(self, "/api/translation"))
    }

    /// `/api/translation/{id}`: one translation project and what it holds.
    pub fn translation(&self, id: impl Display) -> Translation<'_> {
        Translation(Resource::new(self, format!("/api/translation/{id}")))
    }
}

pub struct Translations<'a>(Resource<'a>);

impl Translations<'_> {
    /// `POST /api/translation` (a multipart form: name, client, the zip of XLIFF files).
    pub async fn create(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/translation?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }
}

/// One project; its review links and comments are in `review.rs`, its quotes in `quotes.rs`.
pub struct Translation<'a>(pub(super) Resource<'a>);

impl Translation<'_> {
    /// `GET /api/translation/{id}`: the project with its jobs.
    pub async fn get(&self, token: &str) -> Response {
        self.0.at("").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/translation/{id}`: name and status.
    pub async fn update(&self, token: &str, changes: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::PUT, token, Body::Json(changes)).await
    }

    /// `DELETE /api/translation/{id}`: the project with everything it holds.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `GET /api/translation/{id}/status-history`.
    pub async fn status_history(&self, token: &str) -> Response {
        let endpoint = self.0.at("/status-history");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/job` (a multipart form with one more XLIFF file).
    pub async fn add_job(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("/job");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/translation/{id}/analysis`.
    pub async fn analysis(&self, token: &str) -> Response {
        let endpoint = self.0.at("/analysis");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/translation/{id}/analysis.xlsx`: the analysis as a workbook.
    pub async fn analysis_xlsx(&self, token: &str) -> Response {
        let endpoint = self.0.at("/analysis.xlsx");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/translation/{id}/quote.pdf`: today's analysis priced, as a PDF.
    pub async fn quote_pdf(&self, token: &str) -> Response {
        let endpoint = self.0.at("/quote.pdf");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/translation/{id}/pretranslate`: the state of the project's run.
    pub async fn pretranslation(&self, token: &str) -> Response {
        let endpoint = self.0.at("/pretranslate");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/pretranslate`: starts a run.
    pub async fn pretranslate(&self, token: &str) -> Response {
        let endpoint = self.0.at("/pretranslate");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/translation/{id}/download-xlsx`: the review workbooks, as a zip.
    pub async fn download_xlsx(&self, token: &str) -> Response {
        let endpoint = self.0.at("/download-xlsx");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/translation/{id}/download-xliff`: the translated files, as a zip.
    pub async fn download_xliff(&self, token: &str) -> Response {
        let endpoint = self.0.at("/download-xliff");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/translation/{id}/upload-xlsx` (a multipart form with corrected workbooks).
    pub async fn upload_xlsx(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("/upload-xlsx");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/translation/{id}/delivery`: the finished files for the customer.
    pub async fn delivery(&self, token: &str) -> Response {
        let endpoint = self.0.at("/delivery");
        endpoint.send(Method::GET, token, Body::None).await
    }
}
