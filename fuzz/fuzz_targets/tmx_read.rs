//! The TMX reader never panics, and what it reads it writes back to the same units.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wordmark_core::tm::tmx;

fuzz_target!(|bytes: &[u8]| {
    let Ok(read) = tmx::read(bytes) else {
        return;
    };
    let mut out = String::new();
    tmx::write_start(&mut out, &read.srclang, "20260101T000000Z");
    for unit in &read.units {
        tmx::write_unit(&mut out, unit);
    }
    tmx::write_end(&mut out);
    // Writing may normalise (entities become characters), so only the second trip must be
    // stable: read what we wrote, write it again, read again.
    let again = tmx::read(out.as_bytes()).expect("our own TMX reads back");
    let mut out2 = String::new();
    tmx::write_start(&mut out2, &again.srclang, "20260101T000000Z");
    for unit in &again.units {
        tmx::write_unit(&mut out2, unit);
    }
    tmx::write_end(&mut out2);
    assert_eq!(tmx::read(out2.as_bytes()).expect("reads back").units, again.units);
});
