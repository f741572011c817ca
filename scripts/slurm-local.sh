#!/usr/bin/env bash
# A single-node Slurm on this machine, for testing the experiments' Slurm
# scripts (scripts/test-slurm.sh).
#
#   scripts/slurm-local.sh start    # install (apt-get) and start; waits until the node is idle
#   scripts/slurm-local.sh stop     # stop the daemons this script started
#   scripts/slurm-local.sh status
#
# Needs root and Debian/Ubuntu packages (slurm-wlm, munge). Works without
# systemd (as in a container): the daemons are started directly, as root,
# with proctrack/linuxproc and no cgroups, no accounting database (sacct is
# unavailable; completed jobs stay visible to `scontrol show job` for
# MinJobAge seconds). The configuration is written to /etc/slurm/slurm.conf
# only if there is none or it is one this script wrote (an existing one is
# left alone and the script fails). `start` is idempotent: daemons already
# running are kept. Logs: /var/log/slurm/slurm{ctld,d}.log.
set -euo pipefail

conf=/etc/slurm/slurm.conf
marker="# written by dlvm scripts/slurm-local.sh"
run=/run/slurm-local
logs=/var/log/slurm
state=/var/lib/slurm-local
host=$(hostname -s)

say() { echo "slurm-local: $*" >&2; }
die() { say "$*"; exit 1; }

# The pid in FILE if that process is alive.
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

install() {
    if command -v slurmctld >/dev/null && command -v slurmd >/dev/null \
        && command -v sbatch >/dev/null && command -v munged >/dev/null; then
        return
    fi
    [ "$(id -u)" = 0 ] || die "not root: cannot install slurm-wlm and munge"
    command -v apt-get >/dev/null || die "no apt-get: install slurm-wlm and munge by hand"
    say "installing slurm-wlm and munge (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
}

write_conf() {
    if [ -e "$conf" ] && ! grep -qxF "$marker" "$conf"; then
        die "$conf exists and was not written by this script; not touching it"
    fi
    # The node as slurmd sees it (CPUs, sockets, cores, threads, memory).
    local node
    node=$(slurmd -C | head -1)
    [[ $node == NodeName=* ]] || die "slurmd -C printed no node line: $node"
    mkdir -p /etc/slurm "$state/ctld" "$state/d" "$logs" "$run"
    local new
    new=$(cat <<EOF
$marker
ClusterName=dlvmlocal
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
SchedulerType=sched/backfill
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
SlurmctldLogFile=$logs/slurmctld.log
SlurmdLogFile=$logs/slurmd.log
SlurmctldTimeout=30
SlurmdTimeout=30
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
)
    # Rewrite only when it changed (keeps `start` idempotent).
    if [ ! -e "$conf" ] || [ "$(cat "$conf")" != "$new" ]; then
        printf '%s\n' "$new" >"$conf"
        say "wrote $conf"
    fi
}

start_munge() {
    if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        return
    fi
    [ -s /etc/munge/munge.key ] || {
        if command -v mungekey >/dev/null; then mungekey --create --keyfile=/etc/munge/munge.key
        else dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; fi
        chown munge:munge /etc/munge/munge.key 2>/dev/null || true
        chmod 400 /etc/munge/munge.key
    }
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    if id munge >/dev/null 2>&1; then
        chown munge:munge /run/munge /var/log/munge /var/lib/munge
        chmod 755 /run/munge
        say "starting munged"
        runuser -u munge -- /usr/sbin/munged
    else
        say "starting munged (as root)"
        /usr/sbin/munged --force
    fi
    for _ in $(seq 50); do
        munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return
        sleep 0.2
    done
    die "munged did not come up (see /var/log/munge/munged.log)"
}

node_state() { sinfo -h -N -n "$host" -o '%t' 2>/dev/null | head -1; }

start() {
    install
    write_conf
    start_munge
    if ! alive "$run/slurmctld.pid"; then
        say "starting slurmctld"
        /usr/sbin/slurmctld
    fi
    if ! alive "$run/slurmd.pid"; then
        say "starting slurmd"
        /usr/sbin/slurmd
    fi
    local s=""
    for i in $(seq 60); do
        s=$(node_state)
        case $s in
            idle|mix|alloc|comp) say "node $host is $s"; return ;;
            down*|drain*|drng*|fail*)
                # A node left down by an earlier run: bring it back.
                [ $((i % 5)) = 0 ] && scontrol update nodename="$host" state=resume 2>/dev/null || true ;;
        esac
        sleep 1
    done
    say "node $host is not idle after 60 s (state: ${s:-no answer}); last log lines:"
    tail -n 5 "$logs/slurmctld.log" "$logs/slurmd.log" >&2 || true
    exit 1
}

stop_one() { # NAME PIDFILE
    if alive "$2"; then
        local pid
        pid=$(cat "$2")
        say "stopping $1 ($pid)"
        kill "$pid"
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
        say "$1 ($pid) did not stop"
        return 1
    fi
}

stop() {
    stop_one slurmd "$run/slurmd.pid"
    stop_one slurmctld "$run/slurmctld.pid"
    # munged only if this script's config is in place (it was started for it).
    if [ -e "$conf" ] && grep -qxF "$marker" "$conf"; then
        stop_one munged /run/munge/munged.pid || true
    fi
}

status() {
    for d in slurmctld slurmd; do
        if alive "$run/$d.pid"; then echo "$d: running ($(cat "$run/$d.pid"))"; else echo "$d: stopped"; fi
    done
    sinfo 2>/dev/null || echo "sinfo: no answer"
}

case ${1:-} in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) die "usage: $0 start|stop|status" ;;
esac
