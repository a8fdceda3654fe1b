use utoipa::ToSchema;

/// The multipart form of `POST /api/client` and `PUT /api/client/{id}`. Only the OpenAPI
/// document uses this type (the handlers read the fields one by one, see `form.rs`).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ClientUpload {
    /// Required, unique (ignoring case), at most 200 characters.
    pub client_name: String,
    /// An SVG file of at most 1 MiB. Optional; on update an empty or missing file keeps the
    /// current logo.
    #[schema(value_type = Option<String>, format = Binary)]
    pub client_logo: Option<Vec<u8>>,
}
