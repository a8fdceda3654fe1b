//! The raw DEFLATE streams of uploaded entries ([`super::ExtractedFile::deflated`]), kept as
//! the compact stored form of a file, and turned back into its bytes.

use std::io::{self, Read};

use flate2::read::DeflateDecoder;

/// Inflates a raw DEFLATE stream (no zlib or gzip header), as zip entries hold them.
pub fn inflate(stream: &[u8]) -> io::Result<Vec<u8>> {
    // XML deflates about tenfold; a good first guess saves most reallocations.
    let mut bytes = Vec::with_capacity(stream.len().saturating_mul(10));
    DeflateDecoder::new(stream).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Write};

    use zip::{CompressionMethod, ZipWriter, write::SimpleFileOptions};

    use super::*;
    use crate::archive::{Limits, read_zip};

    fn zip_with(method: CompressionMethod, bytes: &[u8]) -> Vec<u8> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default().compression_method(method);
        zip.start_file("page-1.xliff", options).unwrap();
        zip.write_all(bytes).unwrap();
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn a_deflated_entry_keeps_its_stream_which_inflates_to_its_bytes() {
        let text = "<xliff>".repeat(1000).into_bytes();
        let archive = zip_with(CompressionMethod::Deflated, &text);
        let extracted =
            read_zip("a.zip", Cursor::new(archive), &Limits::default(), |_| true).unwrap();
        let file = &extracted.files[0];
        assert_eq!(file.bytes, text);
        let stream = file.deflated.as_deref().expect("a deflated entry");
        assert!(stream.len() < text.len() / 10);
        assert_eq!(inflate(stream).unwrap(), text);
    }

    #[test]
    fn a_stored_entry_has_no_stream() {
        let archive = zip_with(CompressionMethod::Stored, b"<xliff/>");
        let extracted =
            read_zip("a.zip", Cursor::new(archive), &Limits::default(), |_| true).unwrap();
        assert_eq!(extracted.files[0].deflated, None);
    }

    #[test]
    fn a_damaged_stream_is_an_error_not_garbage() {
        assert!(inflate(&[0xFF; 16]).is_err());
    }
}
