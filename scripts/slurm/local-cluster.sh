#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the cluster recipe and for CI.
#
#   scripts/slurm/local-cluster.sh up       install slurm-wlm and munge if missing (apt-get, root),
#                                           write the config, start munged, slurmctld and slurmd by
#                                           hand (no systemd) and wait until the node is idle
#   scripts/slurm/local-cluster.sh down     cancel every job, stop the daemons by their pid files
#   scripts/slurm/local-cluster.sh status   the daemons and `sinfo`
#   scripts/slurm/local-cluster.sh env      prints `export SLURM_CONF=...`; use it as
#                                           eval "$(scripts/slurm/local-cluster.sh env)"
#
# Everything lives in one state folder (PATIENCE_SLURM_DIR, default /tmp/patience-slurm): the
# config, munge's key and socket, the daemons' pid files, logs and spool. Nothing under /etc is
# changed, and a munged or Slurm already running on the machine is left alone (but not its ports:
# PATIENCE_SLURM_PORT, default 6817, moves slurmctld; slurmd takes the port after it).
# The node is called patience-node (PATIENCE_SLURM_NODE) whatever the machine's host name is;
# it offers every CPU that nproc reports (PATIENCE_SLURM_CPUS overrides).
# Containers without systemd or cgroups are fine: proctrack/linuxproc, task/none, no accounting.
set -euo pipefail

STATE=${PATIENCE_SLURM_DIR:-/tmp/patience-slurm}
NODE=${PATIENCE_SLURM_NODE:-patience-node}
PORT=${PATIENCE_SLURM_PORT:-6817}
CONF=$STATE/slurm.conf
MUNGE=$STATE/munge
SOCKET=$MUNGE/munge.socket
RUN=$STATE/run
LOG=$STATE/log
WAIT_S=${PATIENCE_SLURM_WAIT_S:-60}
export PATH=$PATH:/usr/sbin:/sbin

die() { echo "local-cluster: error: $*" >&2; exit 1; }
say() { echo "local-cluster: $*"; }

# The pid in FILE if that process is alive and is NAME (a stale file, or a pid reused by another
# program, counts as not running).
alive() {
    local file=$1 name=$2 pid
    [ -s "$file" ] || return 1
    pid=$(tr -dc 0-9 <"$file")
    [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] || return 1
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ] || return 1
    echo "$pid"
}

# Wait up to WAIT_S seconds for COMMAND to succeed; on time-out, fail naming WHAT and a log.
wait_for() {
    local what=$1 log=$2; shift 2
    local end=$((SECONDS + WAIT_S))
    until "$@" >/dev/null 2>&1; do
        if [ $SECONDS -ge $end ]; then
            [ -f "$log" ] && tail -n 20 "$log" >&2
            die "$what not ready after ${WAIT_S}s (log: $log)"
        fi
        sleep 0.3
    done
}

install_packages() {
    local missing=()
    for c in munged munge unmunge slurmctld slurmd sbatch sinfo; do
        command -v "$c" >/dev/null || missing+=("$c")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get: install Slurm and MUNGE by hand"
    say "installing slurm-wlm and munge (missing: ${missing[*]})"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >"$LOG/apt.log" 2>&1 || { tail -n 20 "$LOG/apt.log" >&2; die "apt-get update failed (log: $LOG/apt.log)"; }
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >>"$LOG/apt.log" 2>&1 \
        || { tail -n 20 "$LOG/apt.log" >&2; die "apt-get install slurm-wlm munge failed (log: $LOG/apt.log)"; }
}

write_conf() {
    local cpus mem_mb
    cpus=${PATIENCE_SLURM_CPUS:-$(nproc)}
    # Offer 90% of the memory; slurmd would otherwise refuse a node that reports less than declared.
    mem_mb=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
    cat >"$CONF.tmp" <<CONF
# Written by scripts/slurm/local-cluster.sh: a one-node cluster, daemons started by hand.
ClusterName=patience
SlurmctldHost=localhost
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/slurmd
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd.pid
SlurmctldLogFile=$LOG/slurmctld.log
SlurmdLogFile=$LOG/slurmd.log
# No systemd, no cgroups: track processes by parentage, bind nothing, account nothing.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# Trust the node line below rather than the hardware slurmd sees (containers report oddly).
SlurmdParameters=config_overrides
ReturnToService=2
SlurmdTimeout=60
NodeName=$NODE NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=local Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
CONF
    mv "$CONF.tmp" "$CONF"
}

start_munged() {
    if alive "$RUN/munged.pid" munged >/dev/null; then return 0; fi
    install -d -m 0700 "$MUNGE"
    if [ ! -s "$MUNGE/munge.key" ]; then
        if command -v mungekey >/dev/null; then
            mungekey --create --keyfile="$MUNGE/munge.key" --force >/dev/null
        else
            dd if=/dev/urandom of="$MUNGE/munge.key" bs=1 count=1024 status=none
        fi
        chmod 0400 "$MUNGE/munge.key"
    fi
    rm -f "$SOCKET" "$SOCKET.lock"
    # The socket's folder must be reachable by users who submit jobs; the key stays private.
    chmod 0755 "$MUNGE"
    munged --socket="$SOCKET" --key-file="$MUNGE/munge.key" --pid-file="$RUN/munged.pid" \
        --log-file="$LOG/munged.log" --seed-file="$MUNGE/munged.seed" </dev/null >>"$LOG/munged.out" 2>&1 \
        || { tail -n 5 "$LOG/munged.out" "$LOG/munged.log" >&2 2>/dev/null; die "munged did not start (log: $LOG/munged.log)"; }
    wait_for "munged" "$LOG/munged.log" sh -c "munge -n --socket='$SOCKET' | unmunge --socket='$SOCKET'"
}

start_slurmctld() {
    if alive "$RUN/slurmctld.pid" slurmctld >/dev/null; then return 0; fi
    slurmctld -f "$CONF" </dev/null >>"$LOG/slurmctld.out" 2>&1 \
        || { tail -n 20 "$LOG/slurmctld.out" "$LOG/slurmctld.log" >&2 2>/dev/null; die "slurmctld did not start (log: $LOG/slurmctld.log)"; }
    wait_for "slurmctld" "$LOG/slurmctld.log" sh -c "scontrol ping | grep -q UP"
}

start_slurmd() {
    if alive "$RUN/slurmd.pid" slurmd >/dev/null; then return 0; fi
    # -N: the node's name comes from the config, not from the host name.
    slurmd -f "$CONF" -N "$NODE" </dev/null >>"$LOG/slurmd.out" 2>&1 \
        || { tail -n 20 "$LOG/slurmd.out" "$LOG/slurmd.log" >&2 2>/dev/null; die "slurmd did not start (log: $LOG/slurmd.log)"; }
}

node_state() { sinfo -h -N -n "$NODE" -o %T 2>/dev/null | head -n 1; }

up() {
    [ "$(id -u)" -eq 0 ] || die "run as root: slurmd starts each job as the user who submitted it"
    install -d -m 0755 "$STATE" "$RUN" "$LOG" "$STATE/ctld" "$STATE/slurmd"
    install_packages
    if alive "$RUN/slurmctld.pid" slurmctld >/dev/null && alive "$RUN/slurmd.pid" slurmd >/dev/null \
        && alive "$RUN/munged.pid" munged >/dev/null; then
        say "already running"
    else
        # A daemon of an earlier run may be left; start only what is missing, with a fresh config
        # when slurmctld is not running (it reads the config at start).
        alive "$RUN/slurmctld.pid" slurmctld >/dev/null || write_conf
        start_munged
        start_slurmctld
        start_slurmd
    fi
    local end=$((SECONDS + WAIT_S)) st
    while :; do
        st=$(node_state)
        case $st in
            idle | mixed | allocated) break ;;
            down* | drain* | fail*)
                # Left down by an earlier run: slurmd is registered now, so bring it back.
                scontrol update NodeName="$NODE" State=RESUME >/dev/null 2>&1 || true ;;
        esac
        if [ $SECONDS -ge $end ]; then
            tail -n 20 "$LOG/slurmd.log" >&2 2>/dev/null || true
            die "node $NODE is '${st:-unknown}', not idle, after ${WAIT_S}s (logs: $LOG/slurmd.log, $LOG/slurmctld.log)"
        fi
        sleep 0.3
    done
    say "up: node $NODE is $st with $(sinfo -h -N -n "$NODE" -o %c) CPUs; state in $STATE"
    say "use it with: export SLURM_CONF=$CONF"
}

stop() { # FILE NAME
    local file=$1 name=$2 pid _
    if pid=$(alive "$file" "$name"); then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 100); do
            [ -d "/proc/$pid" ] || break
            sleep 0.1
        done
        if [ -d "/proc/$pid" ]; then
            say "$name ($pid) ignored SIGTERM for 10 s; killing it"
            kill -KILL "$pid" 2>/dev/null || true
        fi
        say "stopped $name ($pid)"
    fi
    rm -f "$file"
}

down() {
    if [ -f "$CONF" ] && alive "$RUN/slurmctld.pid" slurmctld >/dev/null; then
        local jobs _
        jobs=$(squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
        if [ -n "${jobs// /}" ]; then
            say "cancelling jobs: $jobs"
            # shellcheck disable=SC2086 # one word per job id
            scancel $jobs 2>/dev/null || true
            # Let slurmd end the job steps before it stops (they would outlive it otherwise).
            for _ in $(seq 100); do
                [ -z "$(squeue -h 2>/dev/null)" ] && break
                sleep 0.2
            done
        fi
    fi
    stop "$RUN/slurmd.pid" slurmd
    stop "$RUN/slurmctld.pid" slurmctld
    stop "$RUN/munged.pid" munged
    say "down"
}

status() {
    local name pid rc=0
    for name in munged slurmctld slurmd; do
        if pid=$(alive "$RUN/$name.pid" "$name"); then
            say "$name running (pid $pid)"
        else
            say "$name not running"
            rc=1
        fi
    done
    [ $rc -eq 0 ] && sinfo
    return $rc
}

[ -n "${SLURM_CONF+x}" ] && [ "$SLURM_CONF" != "$CONF" ] && say "note: SLURM_CONF=$SLURM_CONF is ignored; using $CONF" >&2
export SLURM_CONF=$CONF
case ${1:-} in
    up) up ;;
    down) down ;;
    status) status ;;
    env) echo "export SLURM_CONF=$CONF" ;;
    *) echo "usage: $0 up|down|status|env" >&2; exit 2 ;;
esac
