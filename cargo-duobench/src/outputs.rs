//! The comparison's `--json` file, by the harness's one rule of whose file it is
//! (`duobench::result::document::write_owned`).
//!
//! The comparison reads its results back from a JSON document the harness writes (its
//! result channel). A regular file named with `--json` (or none yet) is that document
//! itself, so that a comparison that ends early leaves its finished trials there. Anything
//! else is not read back: `/dev/null` would read as no result at all, and reading a FIFO
//! would wait for a writer for ever. Then the harness writes a file of the comparison's
//! own, and the document is written through to the device or FIFO once the comparison
//! ends.

use duobench::result::document::{check_owned, read_owned, write_owned, FileKind};
use std::fs;
use std::path::{Path, PathBuf};

/// Where the harness writes the results, and where the user asked for them.
pub struct JsonOutput {
    /// The document the harness writes and the comparison reads back.
    pub channel: PathBuf,
    /// `--json FILE` when it is not the channel itself (a device or a FIFO).
    pub deliver_to: Option<PathBuf>,
}

/// Checks that `json` (`--json FILE`) is ours to write, before anything is built.
///
/// # Errors
///
/// One line naming the file: someone else's file, or a directory.
pub fn check_json(json: &Path) -> Result<(), String> {
    check_owned(json, FileKind::JsonDocument)
        .map_err(|e| format!("cannot write the JSON results to {}: {e}", json.display()))
}

/// The comparison's channel for `json` (`--json FILE`, absolute), or a file of its own in
/// `duobench_dir` when there is no `--json` or it names a device or a FIFO; emptied, so that
/// it holds only this comparison's trials (a file of earlier results would pass for trials
/// measured now).
///
/// # Errors
///
/// One line naming the file: someone else's file, or one that cannot be written.
pub fn start(json: Option<&Path>, duobench_dir: &Path) -> Result<JsonOutput, String> {
    let own = || duobench_dir.join(format!("compare-{}.json", std::process::id()));
    let output = match json {
        Some(json) if is_file_or_missing(json) => JsonOutput {
            channel: json.to_owned(),
            deliver_to: None,
        },
        Some(json) => JsonOutput {
            channel: own(),
            deliver_to: Some(json.to_owned()),
        },
        None => JsonOutput {
            channel: own(),
            deliver_to: None,
        },
    };
    let channel = &output.channel;
    if let Some(dir) = channel.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    write_owned(channel, FileKind::JsonDocument, |_| Ok(Vec::new())).map_err(|e| {
        format!(
            "cannot write the JSON results to {}: {e}",
            channel.display()
        )
    })?;
    Ok(output)
}

impl JsonOutput {
    /// The document the harness left in the channel, as text (empty when it wrote none).
    #[must_use]
    pub fn read(&self) -> String {
        read_owned(&self.channel, FileKind::JsonDocument)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Writes `text` (the document read back) through to the device or FIFO the user
    /// named, and removes the comparison's own file unless the user named it.
    ///
    /// # Errors
    ///
    /// One line naming the file that could not be written.
    pub fn finish(self, asked_for: bool, text: &str) -> Result<(), String> {
        if !asked_for || self.deliver_to.is_some() {
            let _ = fs::remove_file(&self.channel);
        }
        match &self.deliver_to {
            Some(path) => write_owned(path, FileKind::JsonDocument, |_| {
                Ok(text.as_bytes().to_vec())
            })
            .map_err(|e| format!("cannot write the JSON results to {}: {e}", path.display())),
            None => Ok(()),
        }
    }
}

/// A regular file after links, or nothing there yet.
fn is_file_or_missing(path: &Path) -> bool {
    match fs::metadata(path) {
        Ok(meta) => meta.is_file(),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("duobench-outputs-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_is_the_channel_and_a_device_gets_the_document_written_through() {
        let dir = scratch("channel");
        let json = dir.join("out.json");
        fs::write(
            &json,
            r#"{"schema_version": 1, "trials": [{"name": "old"}]}"#,
        )
        .unwrap();
        let output = start(Some(&json), &dir).unwrap();
        assert_eq!(output.channel, json);
        assert_eq!(
            fs::read_to_string(&json).unwrap(),
            "",
            "emptied for this comparison"
        );
        output.finish(true, "").unwrap();
        assert!(json.exists(), "the user's file stays");

        // `/dev/null` is no channel: the harness writes a file of the comparison's own.
        let output = start(Some(Path::new("/dev/null")), &dir).unwrap();
        assert_ne!(output.channel, Path::new("/dev/null"));
        let doc = r#"{"schema_version": 1, "trials": [{"name": "a"}]}"#;
        fs::write(&output.channel, doc).unwrap();
        assert_eq!(
            output.read(),
            doc,
            "read back from the channel, not /dev/null"
        );
        let channel = output.channel.clone();
        output.finish(true, doc).unwrap();
        assert!(!channel.exists(), "the comparison's own file is removed");
        assert!(fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_is_not_read_and_gets_the_document_when_a_reader_comes() {
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mkfifo is not available here");
            return;
        }
        // Neither the check nor the start opens the pipe: with no writer or reader, either
        // would wait for ever.
        check_json(&fifo).unwrap();
        let output = start(Some(&fifo), &dir).unwrap();
        assert_ne!(output.channel, fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        output.finish(true, "{\"trials\": []}\n").unwrap();
        assert_eq!(reader.join().unwrap(), "{\"trials\": []}\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn someone_elses_file_is_refused_and_left_byte_for_byte() {
        let dir = scratch("foreign");
        let json = dir.join("notes.json");
        fs::write(&json, "{\"mine\": true}").unwrap();
        let e = check_json(&json).unwrap_err();
        assert!(e.contains("is not a duobench JSON document"), "{e}");
        assert!(start(Some(&json), &dir).is_err());
        assert_eq!(fs::read_to_string(&json).unwrap(), "{\"mine\": true}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
