// Issue #35 / #33: the threads heavy work runs in (utas.ts reads in one, contoh-utas.ts draws the
// demo's documents in another, an import's check and an official document's layout have theirs):
// where each starts from, its lower CPU
// priority, and the numbered requests the calling thread sends it.

import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.js';

/** The source of each thread's script, from this folder. */
const SUMBER_UTAS = {
  'utas-baca': './utas-baca.ts',
  'utas-contoh': './utas-contoh.ts',
  'utas-cek': '../impor/utas-cek.ts',
  'utas-dokumen': '../dokumen-resmi/utas-dokumen.ts',
  'utas-ekspor': '../export/utas-ekspor.ts',
} as const;

/**
 * A thread's script by its entry's name (build.mjs): the bundle's `<nama>.js` beside `main.js`, or,
 * when the server runs from source (npm run dev, npm run worker, the tests), the TypeScript source
 * through tsx's loader registered in the thread first.
 */
export function skripUtas(nama: keyof typeof SUMBER_UTAS): URL {
  const js = new URL(`./${nama}.js`, import.meta.url);
  if (existsSync(fileURLToPath(js))) return js;
  const tsx = import.meta.resolve('tsx/esm/api');
  const ts = new URL(SUMBER_UTAS[nama], import.meta.url).href;
  const kode = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(ts)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(kode)}`);
}

/** In a thread's entry: run at the lower CPU priority `nice` (BACA_NICE); on Linux a thread's own. */
export function turunkanPrioritas(nice: number): void {
  if (nice <= 0) return;
  try {
    os.setPriority(nice);
  } catch {
    // Not allowed to lower it (already lower): work at the priority given.
  }
}

/** Why a thread's work failed, as it sends it (`gagal`): an AppError's parts, else the message. */
export interface GalatUtas {
  statusCode?: number;
  code?: string;
  message: string;
  details?: unknown;
}

/** In a thread: its error as a message, so the calling thread answers the same 400 it would itself. */
export function galatKeUtas(error: unknown): GalatUtas {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  return { message: (error as Error)?.message ?? String(error) };
}

/** In the calling thread: a thread's `gagal` as the error it was there. */
export function galatDariUtas({ statusCode, code, message, details }: GalatUtas): Error {
  return statusCode && code ? new AppError(statusCode, code, message, details) : new Error(message);
}

/** A message of a thread fed in batches: a batch of pass `minta` asked for, the result, or the failure. */
export type PesanUtasBerbatch<Hasil> = { minta: number } | { selesai: Hasil } | { gagal: GalatUtas };

/** The calling thread's answer to `minta`: the pass's next batch, or its end. */
export type JawabanBatch<Kiriman> = { batch: Kiriman } | { akhir: true };

/** One piece of work for a thread fed in batches: its script, its plain data, its limits. */
export interface KerjaUtas {
  skrip: keyof typeof SUMBER_UTAS;
  data: object;
  /** BACA_NICE. */
  nice: number;
  /** The thread's JavaScript heap; past it the thread dies and the work fails. */
  memoriMb: number;
  /** What the thread does, in its errors ("dokumen", "unduhan"). */
  nama: string;
}

/**
 * Issue #33: runs a piece of work in a thread of its own at the CPU priority `nice`, feeding it the
 * batches of `sumber(pass)` as it asks for them (utas-kerja's `layaniKerja` in the thread): they are
 * read here, in the calling thread, which keeps the database; the thread asks one batch ahead, so
 * the next is read while this one is worked. Settles with the thread's result, or fails with its
 * error (the same AppError it threw); the thread is ended whatever happens, and a pass left
 * unfinished is closed so what it holds is let go.
 */
export async function kerjakanDiUtas<Hasil, Kiriman>(
  kerja: KerjaUtas,
  sumber: (pass: number) => AsyncIterable<Kiriman>,
): Promise<Hasil> {
  const worker = new Worker(skripUtas(kerja.skrip), {
    workerData: { ...kerja.data, nice: kerja.nice },
    resourceLimits: { maxOldGenerationSizeMb: kerja.memoriMb },
    stdout: false,
    stderr: false,
  });
  const passes = new Map<number, AsyncIterator<Kiriman>>();
  try {
    return await new Promise<Hasil>((resolve, reject) => {
      worker.on('message', (pesan: PesanUtasBerbatch<Hasil>) => {
        if ('selesai' in pesan) resolve(pesan.selesai);
        else if ('gagal' in pesan) reject(galatDariUtas(pesan.gagal));
        else {
          let rows = passes.get(pesan.minta);
          if (!rows) {
            rows = sumber(pesan.minta)[Symbol.asyncIterator]();
            passes.set(pesan.minta, rows);
          }
          rows.next().then((next) => {
            const jawab: JawabanBatch<Kiriman> = next.done ? { akhir: true } : { batch: next.value };
            worker.postMessage(jawab);
          }, reject);
        }
      });
      worker.on('error', (error: Error & { code?: string }) =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new Error(`utas ${kerja.nama} melebihi batas memori ${kerja.memoriMb} MB`)
            : error,
        ),
      );
      worker.on('exit', () => reject(new Error(`utas ${kerja.nama} berhenti sebelum selesai`)));
    });
  } finally {
    await worker.terminate();
    for (const rows of passes.values()) await rows.return?.().catch(() => undefined);
  }
}

/**
 * In a thread's entry: does the work `kerjakan(data, batch)` at the priority the caller gave and
 * sends its result or its failure. `batch(pass)` yields what the calling thread reads for that pass,
 * asking for the next batch as soon as one arrives. One pass is read at a time.
 */
export function layaniKerja<Data, Kiriman, Hasil>(
  kerjakan: (data: Data, batch: (pass: number) => AsyncIterable<Kiriman>) => Promise<Hasil>,
): void {
  const { nice, ...data } = workerData as Data & { nice: number };
  turunkanPrioritas(nice);
  const kirim = (pesan: PesanUtasBerbatch<Hasil>) => parentPort?.postMessage(pesan);
  let jawab: ((pesan: JawabanBatch<Kiriman>) => void) | null = null;
  parentPort?.on('message', (pesan: JawabanBatch<Kiriman>) => jawab?.(pesan));
  const minta = (pass: number) =>
    new Promise<JawabanBatch<Kiriman>>((resolve) => {
      jawab = resolve;
      kirim({ minta: pass });
    });
  async function* batch(pass: number): AsyncIterable<Kiriman> {
    let berikut = minta(pass);
    for (;;) {
      const pesan = await berikut;
      if ('akhir' in pesan) return;
      berikut = minta(pass);
      yield pesan.batch;
    }
  }
  kerjakan(data as Data, batch).then(
    (hasil) => kirim({ selesai: hasil }),
    (error: unknown) => kirim({ gagal: galatKeUtas(error) }),
  );
}

interface Tunggu<Jawab> {
  resolve: (jawab: Jawab) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * A thread started on the first request and asked by numbered messages: each answer settles its
 * request. The thread's error or exit fails every request still waiting, and the next request
 * starts a new thread.
 */
export class UtasBerpesan<Pesan extends { id: number }, Jawab> {
  #worker: Worker | null = null;
  #nomor = 0;
  readonly #menunggu = new Map<number, Tunggu<Jawab>>();

  constructor(
    private readonly opsi: {
      mulai: () => Worker;
      /** An answer (`{ id, … }`) as its result, or as the Error its request fails with. */
      jawaban: (pesan: { id: number }) => Jawab | Error;
      /** The thread's own error (a crash, its memory limit) as the waiting requests' reason. */
      galat?: (error: Error & { code?: string }) => Error;
      /** Why the waiting requests fail when the thread ends. */
      berhenti: string;
    },
  ) {}

  #mulai(): Worker {
    if (this.#worker) return this.#worker;
    const worker = this.opsi.mulai();
    worker.unref();
    worker.on('message', (pesan: { id: number }) => {
      const tunggu = this.#menunggu.get(pesan.id);
      if (!tunggu) return;
      this.#menunggu.delete(pesan.id);
      clearTimeout(tunggu.timer);
      const jawab = this.opsi.jawaban(pesan);
      if (jawab instanceof Error) tunggu.reject(jawab);
      else tunggu.resolve(jawab);
    });
    const berakhir = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, tunggu] of this.#menunggu) {
        this.#menunggu.delete(id);
        clearTimeout(tunggu.timer);
        tunggu.reject(error);
      }
    };
    worker.on('error', (error: Error & { code?: string }) => berakhir(this.opsi.galat?.(error) ?? error));
    worker.on('exit', () => berakhir(new Error(this.opsi.berhenti)));
    this.#worker = worker;
    return worker;
  }

  /** Sends one request; past `batas.ms` it fails with `batas.habis()` and its thread, stuck, is ended. */
  minta(isi: Omit<Pesan, 'id'>, batas?: { ms: number; habis: () => Error }): Promise<Jawab> {
    const worker = this.#mulai();
    const id = ++this.#nomor;
    return new Promise<Jawab>((resolve, reject) => {
      const timer =
        batas &&
        setTimeout(() => {
          this.#menunggu.delete(id);
          reject(batas.habis());
          if (this.#worker === worker) this.#worker = null;
          void worker.terminate();
        }, batas.ms);
      this.#menunggu.set(id, { resolve, reject, timer });
      worker.postMessage({ ...isi, id });
    });
  }

  async tutup(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}
