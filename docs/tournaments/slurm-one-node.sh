#!/bin/sh
# A one-node Slurm cluster on this machine, to try the Slurm recipe of docs/tournaments.md
# (tests/cluster.rs runs it). Needs root and Debian's slurm-wlm and munge.
#   eval "$(sh docs/tournaments/slurm-one-node.sh start DIR)"   # prints export SLURM_CONF=...
#   sh docs/tournaments/slurm-one-node.sh stop DIR
# Everything lives in DIR (an empty scratch folder): the config, its own munge key, socket and
# daemon, state, spool, logs and pid files; its ports are its own, so that it never meets
# another cluster, and stopping it ends only the processes it started.
set -eu

usage() {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
verb=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
conf=$dir/slurm.conf

# Whether a TCP port is listened on (/proc/net/tcp*, so that no tool is needed).
listening() {
  cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
    awk -v p="$(printf ':%04X' "$1")" '$4 == "0A" && substr($2, length($2) - 4) == p { found = 1 } END { exit !found }'
}

# The pid in a pid file, if that process is alive.
alive() {
  [ -s "$1" ] || return 1
  pid=$(cat "$1")
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# Ends the process in a pid file: TERM, then KILL after 10 s.
end() {
  pid=$(alive "$1") || return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
}

start() {
  for program in munged mungekey slurmctld slurmd sinfo; do
    command -v "$program" >/dev/null 2>&1 || {
      echo "slurm-one-node: $program is not installed: apt-get install slurm-wlm munge" >&2
      exit 1
    }
  done
  [ "$(id -u)" = 0 ] || {
    echo "slurm-one-node: the daemons as configured here run as root" >&2
    exit 1
  }
  if alive "$dir/slurmctld.pid" >/dev/null; then
    echo "slurm-one-node: a cluster is already running in $dir" >&2
    exit 1
  fi
  mkdir -p "$dir/state" "$dir/spool"
  chmod 700 "$dir"

  # Its own munge: a key made here, a daemon on a socket in DIR.
  [ -s "$dir/munge.key" ] || mungekey --create --keyfile="$dir/munge.key" 2>/dev/null
  munged --force --socket="$dir/munge.socket" --key-file="$dir/munge.key" --pid-file="$dir/munged.pid" \
    --seed-file="$dir/munged.seed" --log-file="$dir/munged.log" 2>>"$dir/munged.log"

  # Two free ports next to each other, picked from this shell's pid.
  port=$((20000 + ($$ % 5000) * 2))
  while listening "$port" || listening $((port + 1)); do
    port=$((port + 2))
    [ "$port" -lt 40000 ] || port=20000
  done

  host=$(hostname -s)
  memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
  cat >"$conf" <<EOF
# A one-node cluster written by slurm-one-node.sh; everything inside $dir.
ClusterName=kibitz
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=one Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  slurmctld -f "$conf"
  slurmd -f "$conf"
  export SLURM_CONF="$conf"
  for _ in $(seq 300); do
    if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then
      echo "export SLURM_CONF=$conf"
      return 0
    fi
    sleep 0.1
  done
  echo "slurm-one-node: the node is not idle after 30 s (sinfo: $(sinfo -h -o %t 2>&1)); see $dir/*.log" >&2
  stop
  exit 1
}

stop() {
  # Its jobs first (their steps outlive slurmd), then the daemons it started.
  if [ -f "$conf" ] && alive "$dir/slurmctld.pid" >/dev/null; then
    SLURM_CONF=$conf scancel --quiet --user=root 2>/dev/null || true
    for _ in $(seq 100); do
      [ -z "$(SLURM_CONF=$conf squeue -h 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  end "$dir/slurmd.pid"
  end "$dir/slurmctld.pid"
  end "$dir/munged.pid"
}

case $verb in
start) start ;;
stop) stop ;;
*) usage ;;
esac
