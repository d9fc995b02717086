//! Writing `responses-NAME.json` atomically: a temporary file in the same folder, fsync,
//! rename over the old file, so a crash or a full disk leaves either the old responses or the
//! new ones, never half a file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::QuizError;
use super::model::Responses;
use super::take::responses_file_name;

/// Writes `bytes` to `path` through a temporary file beside it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), QuizError> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let tmp = dir.join(format!(".{file}.tmp-{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        // The rename is durable once the folder is synced (not every platform allows it). The
        // folder is opened only to sync it, never read, so it needs no read gate.
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        QuizError::io(path, &e)
    })
}

/// Writes `r` as `responses-NAME.json` into `dir`; returns the file's path.
pub fn write_responses(dir: &Path, r: &Responses) -> Result<PathBuf, QuizError> {
    let path = dir.join(responses_file_name(&r.name));
    write_atomic(&path, r.to_json().as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = std::env::temp_dir().join(format!("iacquiz-save-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        if let Err(e) = fs::create_dir_all(&dir) {
            panic!("{e}");
        }
        let path = dir.join("responses-x.json");
        for text in ["first\n", "second\n"] {
            if let Err(e) = write_atomic(&path, text.as_bytes()) {
                panic!("{e}");
            }
        }
        assert_eq!(fs::read_to_string(&path).ok().as_deref(), Some("second\n"));
        let names: Vec<String> = fs::read_dir(&dir)
            .map(|r| {
                r.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(names, ["responses-x.json"]);
        let missing = dir.join("no-such-folder").join("r.json");
        match write_atomic(&missing, b"x") {
            Err(QuizError::Io { path, .. }) => assert_eq!(path, missing),
            other => panic!("{other:?}"),
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
