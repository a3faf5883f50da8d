// The form of one official document (issue #20), in a modal: number, date, the announcement's legal
// basis, the signer(s), and the instansi's letterhead (saved first with PUT …/kop) — with the seat
// the document is signed at, "Ditetapkan di {kota}" (issue #31), which the server requires. It checks
// the contract's schema before sending, then makes the PDF, downloads it and reports the code.
// Its problems are shown with the one form pattern (issue #32, ui/form/): each field marked, and a
// summary at the top of the form that takes the focus and links to every field named, a signer's too.

import {
  Alert,
  Button,
  Fieldset,
  FileInput,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import {
  beritaAcaraRequestSchema,
  DASAR_HUKUM_BAKU,
  type DokumenProgres,
  type DokumenResmi,
  type DokumenResmiJenis,
  type DokumenResmiStatus,
  formatTanggalPanjang,
  type KopInstansi,
  kopInstansiSchema,
  normalisasiNip,
  type Penandatangan,
  pengumumanRequestSchema,
  type TrackId,
} from '@portal/contract';
import { IconFileTypePdf, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import 'dayjs/locale/id';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  dokumenFileName,
  getDokumenPdf,
  ikutiPengumuman,
  postBeritaAcara,
  postPengumuman,
  putKop,
} from '../../api/dokumen-resmi';
import { errorMessage } from '../../auth/AuthCard';
import { idDokumenResmi } from '../../i18n/dokumen-resmi';
import { idForm } from '../../i18n/form';
import { saveBlob } from '../../table/ExportButtons';
import { ErrorSummary, type SummaryField } from '../../ui/form/ErrorSummary';
import { type FieldErrors, issuesToFieldErrors } from '../../ui/form/fieldErrors';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { showSuccess } from '../../ui/toast';
import { bacaPenandatangan, hariIniWib, simpanPenandatangan } from './isian';
import { KemajuanPembuatan, persenJob } from './KemajuanPembuatan';

const t = idDokumenResmi;
const LOGO_MAX_BYTES = 300 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
type LogoMime = (typeof LOGO_TYPES)[number];
const KOSONG: Penandatangan = { jabatan: '', nama: '', nip: '' };
const ISIAN_PENANDATANGAN = ['jabatan', 'nama', 'nip'] as const;

/** The ids of the fields, which the summary's links move the focus to. */
const ID = {
  nomor: 'dokumen-resmi-nomor',
  tanggal: 'dokumen-resmi-tanggal',
  dasarHukum: 'dokumen-resmi-dasar-hukum',
  alamat: 'dokumen-resmi-alamat',
  kota: 'dokumen-resmi-kota',
  logo: 'dokumen-resmi-logo',
  penandatangan: (index: number, field: keyof Penandatangan) => `dokumen-resmi-penandatangan-${index}-${field}`,
};

interface DokumenResmiFormProps {
  track: TrackId;
  jenis: DokumenResmiJenis;
  kop: DokumenResmiStatus['kop'];
  /** Issue #31: the announcement a new one amends (the latest), named before it is made. */
  mengubah?: DokumenResmi | null;
  onClose: () => void;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function DokumenResmiForm({ track, jenis, kop, mengubah = null, onClose }: DokumenResmiFormProps) {
  const queryClient = useQueryClient();
  const pengumuman = jenis === 'PENGUMUMAN';
  const [nomor, setNomor] = useState('');
  const [tanggal, setTanggal] = useState<string | null>(hariIniWib());
  const [dasarHukum, setDasarHukum] = useState(DASAR_HUKUM_BAKU);
  const [penandatangan, setPenandatangan] = useState<Penandatangan[]>(() => {
    const tersimpan = bacaPenandatangan(track);
    return pengumuman ? [tersimpan.pengumuman ?? KOSONG] : (tersimpan.beritaAcara ?? [KOSONG]);
  });
  const [alamat, setAlamat] = useState(kop.alamat);
  // A server from before issue #31 does not report the seat.
  const [kota, setKota] = useState(kop.kota ?? '');
  const [logoFile, setLogoFile] = useState<File | null>(null);
  /** undefined keeps the stored logo, null removes it (kopInstansiSchema). */
  const [logo, setLogo] = useState<KopInstansi['logo']>(undefined);
  const problems = useFormErrors();
  const { errors } = problems;

  /** Issue #33: the announcement's job while a worker makes it (a large one takes a minute or two). */
  const [job, setJob] = useState<DokumenProgres | null>(null);
  const berhenti = useRef<AbortController | null>(null);
  useEffect(() => () => berhenti.current?.abort(), []);
  const make = useMutation({
    mutationFn: async (): Promise<DokumenResmi> => {
      if (alamat.trim() !== kop.alamat || kota.trim() !== (kop.kota ?? '') || logo !== undefined) {
        await putKop(track, { alamat, kota, logo });
      }
      const body = { nomor, tanggal: tanggal ?? '', penandatangan };
      let dokumen: DokumenResmi;
      if (pengumuman) {
        const asked = await postPengumuman(track, { ...body, dasarHukum, penandatangan: penandatangan[0] ?? KOSONG });
        setJob(asked);
        berhenti.current = new AbortController();
        dokumen = await ikutiPengumuman(track, asked, setJob, berhenti.current.signal);
      } else dokumen = await postBeritaAcara(track, body);
      const pdf = await getDokumenPdf(track, dokumen.kode);
      saveBlob(pdf, dokumenFileName(track, dokumen.jenis, dokumen.kode));
      return dokumen;
    },
    onSuccess: (dokumen) => {
      simpanPenandatangan(track, pengumuman ? { pengumuman: penandatangan[0] } : { beritaAcara: penandatangan });
      void queryClient.invalidateQueries({ queryKey: ['dokumen-resmi', track] });
      showSuccess(t.berhasil(dokumen.kode));
      onClose();
    },
    // A 400 naming fields (the letterhead's or the document's) marks them; any other refusal is the summary's message.
    onError: (error) => problems.failed(error, errorMessage(error)),
  });

  const validate = (): FieldErrors => {
    const kopCheck = kopInstansiSchema.safeParse({ alamat, kota });
    const body = { nomor, tanggal: tanggal ?? '' };
    const check = pengumuman
      ? pengumumanRequestSchema.safeParse({ ...body, dasarHukum, penandatangan: penandatangan[0] })
      : beritaAcaraRequestSchema.safeParse({ ...body, penandatangan });
    const found: FieldErrors = {
      ...(kopCheck.success ? {} : issuesToFieldErrors(kopCheck.error.issues)),
      ...(check.success ? {} : issuesToFieldErrors(check.error.issues)),
    };
    // Optional in the contract (older clients keep the stored one); no document is signed without.
    if (!found.kota && !kota.trim()) found.kota = t.kotaWajib;
    if (errors.logo) found.logo = errors.logo;
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (make.isPending) return;
    if (problems.check(validate())) make.mutate();
  };

  /** A logo is checked as soon as it is chosen: its mark stays until another file (or none) is. */
  const chooseLogo = async (file: File | null) => {
    setLogoFile(file);
    setLogo(undefined);
    const problem = !file
      ? null
      : !(LOGO_TYPES as readonly string[]).includes(file.type)
        ? t.logoJenis
        : file.size > LOGO_MAX_BYTES
          ? t.logoBesar
          : null;
    if (problem) problems.mark('logo', problem);
    else problems.clear('logo');
    if (file && !problem) setLogo({ mime: file.type as LogoMime, base64: await readBase64(file) });
  };

  const signerPath = (index: number, field: keyof Penandatangan) =>
    pengumuman ? `penandatangan.${field}` : `penandatangan.${index}.${field}`;
  const setSigner = (index: number, field: keyof Penandatangan, value: string) => {
    setPenandatangan((current) => current.map((signer, i) => (i === index ? { ...signer, [field]: value } : signer)));
    problems.clear(signerPath(index, field));
  };
  /** NIP is checked as soon as the field is left, not only on submit. */
  const checkNip = (index: number) => {
    const nip = penandatangan[index]?.nip.trim() ?? '';
    const path = signerPath(index, 'nip');
    if (nip && !/^\d{18}$/.test(nip)) {
      const message = pengumumanRequestSchema.shape.penandatangan.shape.nip.safeParse(nip).error?.issues[0]?.message;
      problems.mark(path, message ?? t.nipKet);
    }
  };

  /** The fields in the order they are shown, as the summary names them and finds them. */
  const fields: SummaryField[] = [
    { key: 'nomor', label: t.nomor[jenis], id: ID.nomor },
    { key: 'tanggal', label: t.tanggal, id: ID.tanggal },
    ...(pengumuman ? [{ key: 'dasarHukum', label: t.dasarHukum, id: ID.dasarHukum }] : []),
    ...penandatangan.flatMap((_, index) =>
      ISIAN_PENANDATANGAN.map((field) => ({
        key: signerPath(index, field),
        label: t.isianPenandatangan(t[field], pengumuman ? null : index + 1),
        id: ID.penandatangan(index, field),
      })),
    ),
    { key: 'alamat', label: t.alamat, id: ID.alamat },
    { key: 'kota', label: t.kota, id: ID.kota },
    { key: 'logo', label: t.logo, id: ID.logo },
  ];

  const busy = make.isPending;
  const persen = busy ? persenJob(job) : null;
  const menunggu = busy && job?.status === 'MENUNGGU';

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t.judulForm[jenis]}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ErrorSummary errors={errors} fields={fields} message={problems.message} attempt={problems.attempt} />
            {mengubah && (
              <Alert color="blue" variant="light" title={t.akanMengubahJudul(jenis)} role="note">
                {t.akanMengubah(jenis, mengubah.nomor, formatTanggalPanjang(mengubah.tanggal))}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                id={ID.nomor}
                label={t.nomor[jenis]}
                placeholder={t.nomorContoh}
                required
                value={nomor}
                onChange={(event) => {
                  setNomor(event.currentTarget.value);
                  problems.clear('nomor');
                }}
                error={errors.nomor}
                disabled={busy}
                data-autofocus
              />
              <DateInput
                id={ID.tanggal}
                label={t.tanggal}
                description={t.tanggalKet}
                // The hint under the field, so the field lines up with its neighbour.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                value={tanggal}
                onChange={(value) => {
                  setTanggal(value);
                  problems.clear('tanggal');
                }}
                valueFormat="DD/MM/YYYY"
                error={errors.tanggal}
                disabled={busy}
                popoverProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            {pengumuman && (
              <Textarea
                id={ID.dasarHukum}
                label={t.dasarHukum}
                required
                autosize
                minRows={3}
                maxRows={8}
                value={dasarHukum}
                onChange={(event) => {
                  setDasarHukum(event.currentTarget.value);
                  problems.clear('dasarHukum');
                }}
                error={errors.dasarHukum}
                disabled={busy}
              />
            )}
            {penandatangan.map((signer, index) => (
              <Fieldset
                // The signers have no identity of their own; their place is who they are.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                legend={pengumuman ? t.penandatangan : t.penandatanganKe(index + 1)}
                disabled={busy}
              >
                <Stack gap="xs">
                  <TextInput
                    id={ID.penandatangan(index, 'jabatan')}
                    label={t.jabatan}
                    required
                    value={signer.jabatan}
                    onChange={(event) => setSigner(index, 'jabatan', event.currentTarget.value)}
                    error={errors[signerPath(index, 'jabatan')]}
                  />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <TextInput
                      id={ID.penandatangan(index, 'nama')}
                      label={t.nama}
                      required
                      value={signer.nama}
                      onChange={(event) => setSigner(index, 'nama', event.currentTarget.value)}
                      error={errors[signerPath(index, 'nama')]}
                    />
                    <TextInput
                      id={ID.penandatangan(index, 'nip')}
                      label={t.nip}
                      description={t.nipKet}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      required
                      inputMode="numeric"
                      // Room for the written form "19700101 199503 1 002" pasted whole (issue #32).
                      maxLength={24}
                      value={signer.nip}
                      onChange={(event) => setSigner(index, 'nip', normalisasiNip(event.currentTarget.value))}
                      onBlur={() => checkNip(index)}
                      error={errors[signerPath(index, 'nip')]}
                    />
                  </SimpleGrid>
                  {!pengumuman && penandatangan.length > 1 && (
                    <Group justify="flex-end">
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => {
                          setPenandatangan((current) => current.filter((_, i) => i !== index));
                          // The signers after it move up a place: their marks would name the wrong one.
                          for (const key of Object.keys(errors)) {
                            if (key.startsWith('penandatangan')) problems.clear(key);
                          }
                        }}
                      >
                        {t.hapusPenandatangan(index + 1)}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Fieldset>
            ))}
            {!pengumuman && penandatangan.length < 3 && (
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => setPenandatangan((current) => [...current, KOSONG])}
                  disabled={busy}
                >
                  {t.tambahPenandatangan}
                </Button>
              </Group>
            )}
            <Fieldset legend={t.kop} disabled={busy}>
              <Stack gap="xs">
                <Text size="xs" c="dimmed">
                  {t.kopKet}
                </Text>
                <Textarea
                  id={ID.alamat}
                  label={t.alamat}
                  autosize
                  minRows={2}
                  maxRows={4}
                  value={alamat}
                  onChange={(event) => {
                    setAlamat(event.currentTarget.value);
                    problems.clear('alamat');
                  }}
                  error={errors.alamat}
                />
                <TextInput
                  id={ID.kota}
                  label={t.kota}
                  description={t.kotaKet}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  required
                  maxLength={100}
                  value={kota}
                  onChange={(event) => {
                    setKota(event.currentTarget.value);
                    problems.clear('kota');
                  }}
                  error={errors.kota}
                />
                <FileInput
                  id={ID.logo}
                  label={t.logo}
                  description={kop.adaLogo && logo === undefined ? t.logoTersimpan : t.logoKet}
                  accept={LOGO_TYPES.join(',')}
                  clearable
                  value={logoFile}
                  onChange={(file) => void chooseLogo(file)}
                  error={errors.logo}
                />
                {kop.adaLogo && !logoFile && (
                  <Group gap="xs">
                    {logo === null ? (
                      <Text size="xs" c="red.8">
                        {t.logoDihapus}
                      </Text>
                    ) : (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-xs"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => setLogo(null)}
                      >
                        {t.hapusLogo}
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            </Fieldset>

            {busy && (
              <KemajuanPembuatan
                judul={menunggu ? t.menunggu : t.menyusun}
                keterangan={pengumuman ? t.menyusunKetPengumuman : t.menyusunKet}
                label={t.menyusun}
                persen={persen}
                batal={job && { track, job }}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {idForm.batal}
              </Button>
              <Button type="submit" loading={busy} leftSection={<IconFileTypePdf size={16} aria-hidden />}>
                {t.buat}
              </Button>
            </Group>
          </Stack>
        </form>
      </DatesProvider>
    </Modal>
  );
}
