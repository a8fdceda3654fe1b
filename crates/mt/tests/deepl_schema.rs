//! The bodies the DeepL client sends are valid against DeepL's published OpenAPI description
//! (`deepl-openapi.yaml` among the documents beside the reference corpus; ignored without
//! `WORDMARK_CORPUS`).

mod common;
#[path = "../../testing/corpus.rs"]
mod corpus;

use common::{config, items, spec, translator};
use serde_json::{Map, Value, json};
use wordmark_mt::{ProviderKind, RunSpec};

const KEY: &str = "schema-test-key";

/// YAML → JSON; OpenAPI uses integer keys (status codes), which JSON needs as strings.
fn to_json(yaml: serde_yaml_ng::Value) -> Value {
    use serde_yaml_ng::Value as Y;
    match yaml {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(b),
        Y::Number(n) => serde_json::to_value(n).unwrap_or(Value::Null),
        Y::String(s) => Value::String(s),
        Y::Sequence(items) => Value::Array(items.into_iter().map(to_json).collect()),
        Y::Mapping(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let key = match k {
                        Y::String(s) => s,
                        other => serde_yaml_ng::to_string(&other)
                            .unwrap_or_default()
                            .trim()
                            .to_owned(),
                    };
                    (key, to_json(v))
                })
                .collect(),
        ),
        Y::Tagged(tagged) => to_json(tagged.value),
    }
}

/// Replaces every local `$ref` by the schema it points to.
fn resolve(schema: &Value, document: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref") {
                let pointer = reference.strip_prefix('#').expect("local reference");
                let target = document
                    .pointer(pointer)
                    .unwrap_or_else(|| panic!("unresolved {reference}"));
                return resolve(target, document);
            }
            Value::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), resolve(v, document)))
                    .collect::<Map<_, _>>(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| resolve(v, document)).collect()),
        other => other.clone(),
    }
}

fn translate_request_schema() -> Value {
    let text = std::fs::read_to_string(corpus::provider_document("deepl-openapi.yaml")).unwrap();
    let document = to_json(serde_yaml_ng::from_str(&text).expect("the OpenAPI file is YAML"));
    let schema = document
        .pointer("/paths/~1v2~1translate/post/requestBody/content/application~1json/schema")
        .expect("POST /v2/translate has a JSON request schema");
    let mut schema = resolve(schema, &document);
    // The spec lists every field but allows others; DeepL silently ignores unknown fields, so
    // a misspelt option would go unnoticed. Here it fails.
    schema["additionalProperties"] = json!(false);
    schema
}

#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn translate_bodies_match_the_openapi_schema() {
    let schema = translate_request_schema();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");

    // The validator does reject what DeepL rejects.
    assert!(!validator.is_valid(&json!({ "text": "bare string", "target_lang": "DE" })));
    assert!(
        !validator
            .is_valid(&json!({ "text": ["a"], "target_lang": "DE", "tag_handling_version": "v3" }))
    );
    assert!(
        !validator
            .is_valid(&json!({ "text": ["a"], "target_lang": "DE", "outline_detection": "false" }))
    );

    let server = wordmark_mt::fake::deepl(KEY).await.unwrap();
    let mut plain = config(ProviderKind::Deepl, server.url(), Some(KEY));
    let mut with_options = plain.clone();
    with_options.formality = Some("prefer_more".into());
    with_options.glossary_id = Some("def3a26b-3e84-45b3-84ae-0c0aaf3525f7".into());
    plain.concurrency = 2;
    for config in [plain, with_options] {
        let translator = translator(&config);
        translator
            .translate_all(spec(1, "en", "zh-hans"), items(0, 60), |_| {})
            .await;
        translator
            .translate_all(
                RunSpec {
                    strict: true,
                    ..spec(2, "pt-br", "en")
                },
                items(100, 3),
                |_| {},
            )
            .await;
    }
    let requests = server.requests();
    assert_eq!(requests.len(), 6);
    for request in requests {
        let errors: Vec<String> = validator
            .iter_errors(&request.body)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?} in {}", request.body);
    }
}
