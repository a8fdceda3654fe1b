//! The answers several features return (a client, a project, a job). They live here, in the
//! request toolkit, rather than in one feature, so that features never import each other: each
//! feature builds its answers from the domain's models with these types, and a type appears in
//! the OpenAPI document once, under one name.

pub mod clients;
pub mod translation;
