/**
 * Where a client checks, with their file number, how the administration is getting on with their
 * file (docs/product/official-status.md names the sources): the Sede electrónica's query of
 * immigration files, and the Ministry of Justice's query of nationality files. A service whose
 * procedure has no such file (a consultation, a translation, an EU citizen's registration
 * certificate, which the Sede does not answer for) has none.
 */
export const officialStatusPages = {
  immigration: 'https://sede.administracionespublicas.gob.es/infoext2/consulta.html',
  nationality: 'https://sede.mjusticia.gob.es/eConsultas/inicioNacionalidad',
} as const;

export type OfficialStatusPage = keyof typeof officialStatusPages;

const pageOfService: Record<string, OfficialStatusPage> = {
  arraigo: 'immigration',
  'family-reunification': 'immigration',
  'family-member-card': 'immigration',
  'renewals-appeals': 'immigration',
  'student-stay': 'immigration',
  nationality: 'nationality',
};

export function officialStatusPageOf(serviceId: string | null): OfficialStatusPage | null {
  return (serviceId && pageOfService[serviceId]) || null;
}
