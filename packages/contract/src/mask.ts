/** A phone shown or logged masked: 138****0001 (anything but 11 digits: ****). */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
}

/** An ID number shown masked: the first 6 and the last 4 (DESIGN.md section 4). */
export function maskIdCard(idCard: string): string {
  return idCard.length > 10 ? `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}` : '****';
}
