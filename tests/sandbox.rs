//! Every file function stays inside the configuration's folder: `..`, absolute paths and
//! symlinks that lead out are refused before anything is read.

use iacquiz::lang::session::Session;

#[test]
fn file_functions_refuse_every_escape() {
    let base = std::env::temp_dir().join(format!("iacquiz-sandbox-{}", std::process::id()));
    let inner = base.join("config");
    std::fs::create_dir_all(&inner).expect("mkdir");
    std::fs::write(base.join("secret.txt"), "top secret").expect("write");
    std::fs::write(inner.join("ok.txt"), "fine").expect("write");
    std::fs::write(inner.join("main.tf"), "locals {}\n").expect("write");
    #[cfg(unix)]
    {
        let _ = std::os::unix::fs::symlink(base.join("secret.txt"), inner.join("link.txt"));
        let _ = std::os::unix::fs::symlink(&base, inner.join("up"));
    }
    let s = Session::with_config_dir(&inner).expect("session");
    let secret = base.join("secret.txt").to_string_lossy().to_string();
    let mut escapes = vec![
        "../secret.txt".to_string(),
        "./../secret.txt".into(),
        "sub/../../secret.txt".into(),
        secret,
    ];
    if cfg!(unix) {
        escapes.push("link.txt".into());
        escapes.push("up/secret.txt".into());
    }
    for path in &escapes {
        for f in ["file", "filebase64", "filemd5", "filesha256", "filebase64sha512", "fileexists"] {
            let r = s.console(&format!("{f}({path:?})"));
            match r {
                Ok(v) => assert!(!v.contains("secret") && v != "true", "{f}({path}) gave {v}"),
                Err(d) => assert!(!d.detail.contains("top secret"), "{f}({path}) leaked: {}", d.detail),
            }
        }
        let t = s.console(&format!("templatefile({path:?}, {{}})"));
        assert!(t.is_err(), "templatefile({path}) must fail");
    }
    assert_eq!(s.console("file(\"ok.txt\")").expect("inside"), "\"fine\"");
    let listed = s.console("fileset(\"..\", \"*\")");
    assert!(listed.is_err(), "fileset of the parent folder must fail: {listed:?}");
    let listed = s.console("fileset(\".\", \"**\")").expect("fileset inside");
    assert!(!listed.contains("secret"), "{listed}");
    let _ = std::fs::remove_dir_all(&base);
}
