//! Reading a file whose size is not to be trusted: a record, a preset.

use std::io::Read;
use std::path::Path;

/// The bytes of `path`, at most `limit` and one more: a caller refuses a
/// file longer than `limit` without reading the rest, and a pipe or a
/// device, which has no length to check first, never runs on.
pub fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}
