//! The Slurm recipe of docs/tournaments.md run as written, on a one-node cluster on this machine
//! (munged, slurmctld and slurmd started by `docs/tournaments/slurm-one-node.sh`): the example
//! spec as an array job gives the standings that `tournament run --jobs 2` gives. Skipped, with a
//! message, where Slurm is not installed or the test is not root; `.ci/run` installs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const KIBITZ: &str = env!("CARGO_BIN_EXE_kibitz");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Everything done or killed within this.
const LIMIT: Duration = Duration::from_secs(300);

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The docs' Slurm block: the first `sh` block after the paragraph that starts "**Slurm**".
fn recipe() -> String {
    let doc = std::fs::read_to_string(Path::new(REPO).join("docs/tournaments.md")).unwrap();
    let after = &doc[doc.find("**Slurm**").expect("docs/tournaments.md has no **Slurm** paragraph")..];
    let body = &after[after.find("```sh\n").expect("no sh block after **Slurm**") + "```sh\n".len()..];
    body[..body.find("```").unwrap()].to_string()
}

/// The clusters started under a scratch folder are stopped when the test ends, however it ends.
struct Clusters(PathBuf);

impl Drop for Clusters {
    fn drop(&mut self) {
        for dir in std::fs::read_dir(&self.0).into_iter().flatten().flatten().map(|e| e.path()) {
            if dir.join("slurm.conf").exists() {
                let _ = Command::new("sh").arg(Path::new(REPO).join("docs/tournaments/slurm-one-node.sh")).arg("stop").arg(&dir).status();
            }
        }
    }
}

/// The pids in a cluster folder's pid files whose processes are still alive.
fn daemons_alive(dir: &Path) -> Vec<String> {
    ["munged.pid", "slurmctld.pid", "slurmd.pid"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(dir.join(f)).ok())
        .map(|pid| pid.trim().to_string())
        .filter(|pid| Path::new(&format!("/proc/{pid}")).exists())
        .collect()
}

/// Standings' JSON without what differs between runs of the same matches: times.
fn standings(dir: &Path) -> serde_json::Value {
    let out = Command::new(KIBITZ).args(["tournament", "standings", &dir.to_string_lossy(), "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut table: serde_json::Value = serde_json::from_str(text(&out.stdout).lines().last().unwrap()).unwrap();
    for row in table["rows"].as_array_mut().unwrap() {
        row.as_object_mut().unwrap().remove("time");
    }
    table.as_object_mut().unwrap().remove("dir");
    table
}

#[test]
fn the_docs_slurm_recipe_on_a_one_node_cluster_gives_the_standings_of_jobs_2() {
    let missing: Vec<&str> = ["sbatch", "sinfo", "scancel", "squeue", "slurmctld", "slurmd", "munged", "mungekey"]
        .into_iter()
        .filter(|p| !Command::new("sh").arg("-c").arg(format!("command -v {p}")).output().is_ok_and(|o| o.status.success()))
        .collect();
    if !missing.is_empty() {
        eprintln!("\n*** skipped: Slurm is not installed ({} missing): apt-get install slurm-wlm munge ***\n", missing.join(", "));
        return;
    }
    // SAFETY: geteuid(2) has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("\n*** skipped: the one-node cluster's daemons run as root, and this test is not root ***\n");
        return;
    }
    let started = Instant::now();
    // A copy of docs/tournaments beside the repository's maps, so that the block's relative paths
    // hold and the repository stays clean.
    let root = tempfile::tempdir().unwrap();
    let docs = root.path().join("docs/tournaments");
    std::fs::create_dir_all(&docs).unwrap();
    for entry in std::fs::read_dir(Path::new(REPO).join("docs/tournaments")).unwrap().flatten() {
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), docs.join(entry.file_name())).unwrap();
        }
    }
    std::os::unix::fs::symlink(Path::new(REPO).join("maps"), root.path().join("maps")).unwrap();
    // The block's `mktemp -d` makes the cluster's folder here, where the guard finds it.
    let scratch = root.path().join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    let _clusters = Clusters(scratch.clone());

    let block = recipe();
    let path = format!("{}:{}", Path::new(KIBITZ).parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let log = root.path().join("recipe.log");
    let mut shell = {
        use std::os::unix::process::CommandExt;
        let output = std::fs::File::create(&log).unwrap();
        Command::new("sh")
            .args(["-eu", "-c", &block])
            .current_dir(root.path())
            .env("PATH", path)
            .env("TMPDIR", &scratch)
            .stdin(Stdio::null())
            .stdout(output.try_clone().unwrap())
            .stderr(output)
            .process_group(0)
            .spawn()
            .unwrap()
    };
    let status = loop {
        if let Some(status) = shell.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > LIMIT {
            // SAFETY: kill(2) on the group of our own child.
            unsafe { libc::kill(-(shell.id() as libc::pid_t), libc::SIGKILL) };
            shell.wait().unwrap();
            panic!("the recipe was not done in {LIMIT:?}:\n{block}\n{}", std::fs::read_to_string(&log).unwrap_or_default());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let said = std::fs::read_to_string(&log).unwrap_or_default();
    if !status.success() {
        // What the tasks said (a task's failure is in its slurm-JOB_TASK.out).
        let mut tasks: Vec<PathBuf> =
            std::fs::read_dir(&docs).unwrap().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "out")).collect();
        tasks.sort();
        let outputs: String =
            tasks.iter().map(|p| format!("{}:\n{}", p.display(), std::fs::read_to_string(p).unwrap_or_default())).collect();
        panic!("the recipe failed ({status}):\n{block}\n{said}\n{outputs}");
    }
    assert!(said.contains("12 of 12 matches played"), "{said}");

    // Slurm ran them: one output file a task, and the daemons are gone once stopped.
    let outputs = std::fs::read_dir(&docs)
        .unwrap()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("slurm-") && name.ends_with(".out")
        })
        .count();
    let plan = std::fs::read_to_string(docs.join("results/plan.txt")).unwrap();
    assert_eq!(outputs, plan.lines().count(), "{said}");
    let cluster = std::fs::read_dir(&scratch).unwrap().flatten().map(|e| e.path()).find(|d| d.join("slurm.conf").exists());
    let cluster = cluster.unwrap_or_else(|| panic!("no cluster folder in {}", scratch.display()));
    assert_eq!(daemons_alive(&cluster), Vec::<String>::new(), "the recipe's stop left daemons running");

    // The same spec run by Kibitz's own runner gives the same standings.
    let ran = Command::new(KIBITZ)
        .args(["tournament", "run", "lighthouses.ron", "--out", "by-jobs", "--jobs", "2"])
        .current_dir(&docs)
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let (slurm, jobs) = (standings(&docs.join("results")), standings(&docs.join("by-jobs")));
    assert_eq!(slurm["played"], 12, "{slurm}");
    assert_eq!(slurm, jobs);
    assert!(started.elapsed() < LIMIT, "took {:?}", started.elapsed());
}
