//! Research prototype (issue 33, 2026-12-05, commit 224a525): the `count` relaxation of
//! generals-patience of
//! `scripts/research/generals-relaxations.py`, searched exhaustively, optionally with the
//! dominance "fewer cards sitting on others is at least as good" (not proved: a measurement).
//! Usage (PATIENCE: the `patience` binary, found on PATH by default):
//!   cargo run --release --manifest-path scripts/research/count-relaxation/Cargo.toml -- SEED OPENING CAP [dominance]
//! prints the verdict of the relaxation (won / lost / unknown when CAP positions did not decide)
//! for that opening (0..3: which of P0..P3 goes home). Figures: `results/bench/losses-queen.md`.
use std::collections::HashMap;

fn rank(k: u8) -> u8 { k % 13 }
fn suit(k: u8) -> usize { (k / 13) as usize }
fn cls(k: u8) -> usize { (rank(k) * 2 + (suit(k) >= 2) as u8) as usize }
fn sits_on(c: usize) -> usize { ((c / 2 + 1) % 13) * 2 + (1 - c % 2) }
fn held_by(c: usize) -> usize { ((c / 2 + 12) % 13) * 2 + (1 - c % 2) }

type Tops = [[i8; 2]; 4];

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key { dealt: u8, waste: u128, tops: u32, h: u8 }

#[derive(Clone, Copy)]
struct St { dealt: u8, waste: u128, tops: Tops, h: u8, hosted: [u8; 52] }

struct Op { terrace: Vec<u8>, base: u8, seq: Vec<u8> }

fn norm(mut t: Tops) -> Tops {
    for f in t.iter_mut() { if f[0] < f[1] { f.swap(0, 1); } }
    t
}
fn pack(t: &Tops) -> u32 {
    let mut v = 0u32;
    for f in t { for &x in f { v = v * 16 + (x + 1) as u32; } }
    v
}

impl Op {
    fn off(&self, k: u8) -> i8 { ((rank(k) + 13 - self.base) % 13) as i8 }
    fn home(&self, t: &Tops, k: u8) -> u8 { t[suit(k)].iter().filter(|&&x| x >= self.off(k)).count() as u8 }
    fn tableau(&self, s: &St) -> [u8; 52] {
        let mut t = [2u8; 52];
        for k in 0..52u8 { t[k as usize] -= self.home(&s.tops, k); }
        for i in s.dealt as usize..self.seq.len() { t[self.seq[i] as usize] -= 1; }
        for i in 0..s.dealt as usize { if s.waste >> i & 1 == 1 { t[self.seq[i] as usize] -= 1; } }
        for &k in &self.terrace[..s.h as usize] { t[k as usize] -= 1; }
        t
    }
    fn schedule_ok(&self, tops: &Tops, h: u8) -> bool {
        let mut f = *tops;
        let mut rem = [0u8; 52];
        for &k in &self.terrace[..h as usize] { rem[k as usize] += 1; }
        for &k in self.terrace[..h as usize].iter().rev() {
            rem[k as usize] -= 1;
            let (s, d) = (suit(k), self.off(k));
            let j = match (0..2).filter(|&j| f[s][j] <= d - 1).max_by_key(|&j| f[s][j]) { Some(j) => j, None => return false };
            for x in f[s][j] + 1..d {
                let kk = (s as u8) * 13 + (self.base + x as u8) % 13;
                if f[s].iter().filter(|&&y| y >= x).count() as u8 + rem[kk as usize] >= 2 { return false; }
                f[s][j] = x;
            }
            f[s][j] = d;
        }
        true
    }
    fn sums(t: &[u8; 52], hh: &[u8; 52]) -> ([u8; 26], [u8; 26]) {
        let (mut ct, mut ch) = ([0u8; 26], [0u8; 26]);
        for k in 0..52u8 { ct[cls(k)] += t[k as usize]; ch[cls(k)] += hh[k as usize]; }
        (ct, ch)
    }
    /// Ways to send one tableau copy of k home: (T, H, piles emptied).
    fn takes(t: &[u8; 52], hh: &[u8; 52], k: u8, out: &mut Vec<([u8; 52], [u8; 52], u8)>) {
        let (ct, ch) = Self::sums(t, hh);
        let c = cls(k);
        if ct[c] == 0 || ct[c] - 1 < ch[held_by(c)] { return; }
        let ku = k as usize;
        if t[ku] > hh[ku] { let mut t2 = *t; t2[ku] -= 1; out.push((t2, *hh, 1)); }
        if hh[ku] > 0 { let (mut t2, mut h2) = (*t, *hh); t2[ku] -= 1; h2[ku] -= 1; out.push((t2, h2, 0)); }
    }
    fn raise_then_place(&self, tops: &Tops, k: u8, t: &[u8; 52], hh: &[u8; 52]) -> Vec<(Tops, [u8; 52], [u8; 52], u8)> {
        let (s, d) = (suit(k), self.off(k));
        let mut out = vec![];
        for j in 0..2 {
            if tops[s][j] > d - 1 || (j == 1 && tops[s][0] == tops[s][1]) { continue; }
            let mut ways = vec![(*t, *hh, 0u8)];
            for x in tops[s][j] + 1..d {
                let kk = (s as u8) * 13 + (self.base + x as u8) % 13;
                let mut next = vec![];
                for (t2, h2, g) in &ways {
                    let mut o = vec![];
                    Self::takes(t2, h2, kk, &mut o);
                    next.extend(o.into_iter().map(|(a, b, g3)| (a, b, g + g3)));
                }
                ways = next;
                if ways.is_empty() { break; }
            }
            for (t2, h2, g) in ways {
                let mut f = *tops; f[s][j] = d;
                out.push((f, t2, h2, g));
            }
        }
        out
    }
    fn waste_top(&self, s: &St) -> Option<usize> {
        if s.waste == 0 { None } else { Some(127 - s.waste.leading_zeros() as usize) }
    }
    /// Fill emptied piles from the waste's top (the stock's when the waste is empty).
    fn settle(&self, mut s: St, mut gaps: u8) -> St {
        while gaps > 0 {
            if let Some(i) = self.waste_top(&s) { s.waste &= !(1u128 << i); }
            else if (s.dealt as usize) < self.seq.len() { s.dealt += 1; }
            else { break; }
            gaps -= 1;
        }
        s.tops = norm(s.tops);
        s
    }
    fn children(&self, s: &St, out: &mut Vec<St>) {
        let t = self.tableau(s);
        if s.h > 0 {
            for (f, _t2, h2, g) in self.raise_then_place(&s.tops, self.terrace[s.h as usize - 1], &t, &s.hosted) {
                out.push(self.settle(St { tops: f, h: s.h - 1, hosted: h2, ..*s }, g));
            }
        }
        if let Some(i) = self.waste_top(s) {
            for (f, _t2, h2, g) in self.raise_then_place(&s.tops, self.seq[i], &t, &s.hosted) {
                out.push(self.settle(St { tops: f, waste: s.waste & !(1u128 << i), hosted: h2, ..*s }, g));
            }
        }
        let (ct, ch) = Self::sums(&t, &s.hosted);
        for k in 0..52u8 {
            let ku = k as usize;
            if t[ku] == 0 { continue; }
            for (f, t2, h2, g) in self.raise_then_place(&s.tops, k, &t, &s.hosted) {
                let mut o = vec![];
                Self::takes(&t2, &h2, k, &mut o);
                for (_t3, h3, g3) in o { out.push(self.settle(St { tops: f, hosted: h3, ..*s }, g + g3)); }
            }
            if t[ku] > s.hosted[ku] && ch[cls(k)] + 1 <= ct[sits_on(cls(k))] {
                let mut h2 = s.hosted; h2[ku] += 1;
                out.push(self.settle(St { hosted: h2, ..*s }, 1));
            }
        }
        if let Some(i) = self.waste_top(s) {
            let x = self.seq[i];
            if ch[cls(x)] + 1 <= ct[sits_on(cls(x))] {
                let mut h2 = s.hosted; h2[x as usize] += 1;
                out.push(St { waste: s.waste & !(1u128 << i), hosted: h2, ..*s });
            }
        }
        if (s.dealt as usize) < self.seq.len() {
            out.push(St { dealt: s.dealt + 1, waste: s.waste | 1u128 << s.dealt, ..*s });
        }
    }
}

fn hpack(h: &[u8; 52]) -> u128 { h.iter().fold(0u128, |v, &x| v * 3 + x as u128) }

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (seed, choice, cap): (u64, usize, u64) = (a[1].parse().unwrap(), a[2].parse().unwrap(), a[3].parse().unwrap());
    let dominance = a.get(4).is_some_and(|x| x == "dominance");
    let bin = std::env::var("PATIENCE").unwrap_or("patience".into());
    let out = std::process::Command::new(bin).args(["deal", "generals-patience", "--seed", &seed.to_string()]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("talon:")).unwrap();
    let d: Vec<u8> = line.split_whitespace().skip(1).map(|c| {
        let b = c.as_bytes();
        ("CSHD".find(b[1] as char).unwrap() * 13 + "A23456789TJQK".find(b[0] as char).unwrap()) as u8
    }).collect();
    let op = Op { terrace: d[..13].to_vec(), base: rank(d[13 + choice]), seq: d[23..].to_vec() };
    let mut tops: Tops = [[-1; 2]; 4];
    tops[suit(d[13 + choice])][0] = 0;
    let start = St { dealt: 1, waste: 1, tops: norm(tops), h: 13, hosted: [0; 52] };
    let mut seen: HashMap<Key, Vec<[u8; 52]>> = HashMap::new();
    let mut plain: std::collections::HashSet<(Key, u128)> = Default::default();
    let key = |s: &St| Key { dealt: s.dealt, waste: s.waste, tops: pack(&s.tops), h: s.h };
    let mut stack = vec![start];
    let (mut nodes, mut verdict) = (0u64, "lost");
    let t0 = std::time::Instant::now();
    let mut kids = vec![];
    let mut fresh = |s: &St, seen: &mut HashMap<Key, Vec<[u8; 52]>>, plain: &mut std::collections::HashSet<(Key, u128)>| -> bool {
        if dominance {
            let v = seen.entry(key(s)).or_default();
            if v.iter().any(|o| o.iter().zip(s.hosted.iter()).all(|(x, y)| x <= y)) { return false; }
            v.retain(|o| !o.iter().zip(s.hosted.iter()).all(|(x, y)| y <= x));
            v.push(s.hosted);
            true
        } else {
            plain.insert((key(s), hpack(&s.hosted)))
        }
    };
    fresh(&start, &mut seen, &mut plain);
    while let Some(s) = stack.pop() {
        nodes += 1;
        if nodes > cap { verdict = "unknown"; break; }
        if !op.schedule_ok(&s.tops, s.h) { continue; }
        if s.dealt as usize == op.seq.len() && s.waste == 0 { verdict = "won"; break; }
        kids.clear();
        op.children(&s, &mut kids);
        for c in kids.iter().rev() {
            if fresh(c, &mut seen, &mut plain) { stack.push(*c); }
        }
    }
    println!("{seed} {choice} {verdict} {nodes} {:.1} s{}", t0.elapsed().as_secs_f64(), if dominance { " (dominance)" } else { "" });
}
