use super::*;
use std::os::unix::fs::{symlink, FileTypeExt};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("duobench-atomic-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn replaces_the_file_and_leaves_nothing_else() {
    let dir = scratch("replace");
    let path = dir.join("out.json");
    write_atomically(&path, b"old").unwrap();
    write_atomically(&path, b"new").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"new");
    assert_eq!(names(&dir), ["out.json"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_directory_is_an_error_and_writes_nothing() {
    let path = std::env::temp_dir().join("duobench-atomic-missing/dir/out.json");
    assert!(write_atomically(&path, b"x").is_err());
    assert!(!path.exists());
}

#[test]
fn a_symlink_stays_a_link_and_its_target_gets_the_contents() {
    let dir = scratch("link");
    fs::create_dir_all(dir.join("real")).unwrap();
    fs::write(dir.join("real/out.json"), "stale").unwrap();
    // A relative link, and a link to that link.
    symlink("real/out.json", dir.join("link.json")).unwrap();
    symlink(dir.join("link.json"), dir.join("link2.json")).unwrap();
    write_atomically(&dir.join("link2.json"), b"fresh").unwrap();
    for link in ["link.json", "link2.json"] {
        let meta = fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} was replaced");
    }
    assert_eq!(fs::read(dir.join("real/out.json")).unwrap(), b"fresh");
    // A dangling link: the file is made where it points.
    symlink("made.json", dir.join("dangling.json")).unwrap();
    write_atomically(&dir.join("dangling.json"), b"new").unwrap();
    assert_eq!(fs::read(dir.join("made.json")).unwrap(), b"new");
    assert!(fs::symlink_metadata(dir.join("dangling.json"))
        .unwrap()
        .file_type()
        .is_symlink());
    // A loop is an error, not a hang.
    symlink("loop_b", dir.join("loop_a")).unwrap();
    symlink("loop_a", dir.join("loop_b")).unwrap();
    assert!(write_atomically(&dir.join("loop_a"), b"x").is_err());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_is_written_through_and_stays_a_fifo() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available here");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    write_atomically(&fifo, b"through the pipe").unwrap();
    assert_eq!(reader.join().unwrap(), b"through the pipe");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(&dir), ["pipe"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_device_is_an_error_and_stays_a_device() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let e = write_atomically(full, b"x").unwrap_err();
    assert_eq!(e.raw_os_error(), Some(28), "{e}");
    assert!(fs::metadata(full).unwrap().file_type().is_char_device());
}

#[test]
fn a_directory_is_refused() {
    let dir = scratch("dir");
    let e = write_atomically(&dir, b"x").unwrap_err();
    assert_eq!(e.to_string(), "is a directory");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stale_temporary_files_of_dead_processes_are_removed() {
    let dir = scratch("stale");
    // Above any pid a system hands out (Linux's pid_max is at most 2^22): never alive.
    let dead = ".out.json.999999999-17.tmp";
    let live = format!(".out.json.{}-17.tmp", std::process::id());
    let other_file = ".other.json.999999999-17.tmp";
    for name in [dead, &live, other_file, "notes.tmp"] {
        fs::write(dir.join(name), "x").unwrap();
    }
    write_atomically(&dir.join("out.json"), b"new").unwrap();
    let mut kept = vec![live, other_file.to_owned(), "notes.tmp".to_owned()];
    if process_ended(std::process::id()).is_some() {
        kept.push("out.json".to_owned());
    } else {
        kept.extend(["out.json".to_owned(), dead.to_owned()]);
    }
    kept.sort();
    assert_eq!(names(&dir), kept);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn temporary_names_are_recognised_exactly() {
    let prefix = ".out.json.";
    assert_eq!(temp_pid(".out.json.123-456.tmp", prefix), Some(123));
    for name in [
        ".out.json.123.tmp",
        ".out.json.-456.tmp",
        ".out.json.12a-456.tmp",
        ".out.json.123-456.tmp.bak",
        "out.json.123-456.tmp",
    ] {
        assert_eq!(temp_pid(name, prefix), None, "{name}");
    }
}
