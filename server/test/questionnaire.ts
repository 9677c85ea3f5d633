/** Every answer of the arraigo social questionnaire (migration 0050), each value distinct so a data sheet can be searched for it. */
export const arraigoAnswers = () => ({
  personal: {
    passport: 'XK7654321',
    nie: '',
    surname1: 'Diallo',
    surname2: 'Keita',
    name: 'Amina',
    sex: 'female',
    birthDate: '1991-04-17',
    birthPlace: 'Kankan',
    birthCountry: 'GN',
    nationality: 'GN',
  },
  parents: { fatherName: 'Mamadou Diallo', motherName: 'Fatoumata Keita' },
  civilStatus: { civilStatus: 'married' },
  address: { street: 'Calle Mayor 12, 3º B', locality: 'Elche', postalCode: '03201', province: 'Alicante', phone: '+34600111222', email: 'amina@example.com' },
  entries: [
    { entryDate: '2022-09-03', entryPlace: 'Aeropuerto de Madrid-Barajas', exitDate: '' },
    { entryDate: '2023-08-20', entryPlace: 'Puerto de Algeciras', exitDate: '2023-08-02' },
  ],
  family: [{ relationship: 'spouse', fullName: 'Ousmane Camara', birthDate: '1988-12-01', nationality: 'SN', livesInSpain: 'yes', document: 'Y1234567Z' }],
});

/** A small questionnaire the firm may write for a procedure: one section, one field. */
export const questionnaireDefinition = () => ({
  form: 'EX-00',
  formTitle: 'Solicitud de prueba',
  tasa: null,
  sections: [
    {
      key: 'personal',
      title: { es: 'Datos personales', en: 'Personal details', fr: 'Données personnelles' },
      formSection: '1) DATOS DEL EXTRANJERO/A',
      isRepeatable: false,
      fields: [{ key: 'name', kind: 'text', label: { es: 'Nombre', en: 'First name', fr: 'Prénom' }, formBox: 'Nombre', isRequired: true }],
    },
  ],
});
