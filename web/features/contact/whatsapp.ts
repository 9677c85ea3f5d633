/** A wa.me link opens a WhatsApp chat with the number written in digits only, country code first. */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
