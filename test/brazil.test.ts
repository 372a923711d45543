import { describe, expect, it } from 'vitest';
import {
  boletoBarcodeFromLine,
  boletoDueFactor,
  boletoLine,
  cnpjCheckDigits,
  cpfCheckDigits,
  crc16ccitt,
  isValidBoletoBarcode,
  isValidBoletoLine,
  isValidCnpj,
  isValidCpf,
  isValidPixEmv,
  makeBoletoBarcode,
  makeCnpj,
  makeStaticPixEmv,
  parseEmv,
} from './support/brazil.ts';

describe('CPF', () => {
  it('accepts published valid numbers', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(cpfCheckDigits('529982247')).toBe('25');
  });
  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    for (const bad of ['52998224724', '52998224735', '11111111111', '5299822472', '529.982.247-25']) {
      expect(isValidCpf(bad), bad).toBe(false);
    }
  });
});

describe('CNPJ', () => {
  it('accepts published valid numbers', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('00000000000191')).toBe(true); // Banco do Brasil
    expect(cnpjCheckDigits('112223330001')).toBe('81');
  });
  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    for (const bad of ['11222333000182', '11222333000191', '00000000000000', '1122233300018']) {
      expect(isValidCnpj(bad), bad).toBe(false);
    }
  });
});

describe('alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
  it("accepts the Receita's published example and computes its check digits from character codes", () => {
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('12abc34501de')).toBe('35'); // letters count as their upper case
    expect(makeCnpj('12abc34501de')).toBe('12ABC34501DE35');
  });
  it('rejects wrong check digits, letters in the check digits, lower case and wrong lengths', () => {
    for (const bad of [
      '12ABC34501DE36',
      '12ABC34501DE3A',
      '12abc34501de35',
      '12ABC34501D35',
      '12.ABC.345/01DE-35',
    ])
      expect(isValidCnpj(bad), bad).toBe(false);
  });
});

describe('Pix EMV', () => {
  // The example payload of the Banco Central's BR Code manual.
  const bcb =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
  it('computes CRC16-CCITT-FALSE', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });
  it('accepts the BR Code manual example', () => {
    expect(isValidPixEmv(bcb)).toBe(true);
  });
  it('rejects a wrong CRC, an edited body, a missing 000201 and broken TLV', () => {
    expect(isValidPixEmv(`${bcb.slice(0, -4)}1D3E`)).toBe(false);
    expect(isValidPixEmv(bcb.replace('BRASILIA', 'BRASILIO'))).toBe(false);
    expect(isValidPixEmv(bcb.slice(6))).toBe(false);
    expect(isValidPixEmv(`${bcb.slice(0, -8)}6305${crc16ccitt(bcb.slice(0, -8))}`)).toBe(false);
  });
  it('makes valid static payloads', () => {
    const emv = makeStaticPixEmv({ key: '52998224725', amount: 150.5, name: 'ACME LTDA', city: 'SAO PAULO' });
    expect(isValidPixEmv(emv)).toBe(true);
    expect(parseEmv(emv).get('54')).toBe('150.50');
  });
});

describe('boleto', () => {
  const goodLines = [
    '23793381286000782713695000063305975520000370000',
    '00190500954014481606906809350314337370000000100',
  ];
  it('accepts valid lines and their barcodes', () => {
    for (const line of goodLines) {
      expect(isValidBoletoLine(line), line).toBe(true);
      const barcode = boletoBarcodeFromLine(line);
      expect(isValidBoletoBarcode(barcode), barcode).toBe(true);
      expect(boletoLine(barcode)).toBe(line);
    }
  });
  it('rejects a wrong general digit, a wrong field digit and wrong lengths', () => {
    const line = goodLines[0] as string;
    const barcode = boletoBarcodeFromLine(line);
    expect(
      isValidBoletoBarcode(`${barcode.slice(0, 4)}${(Number(barcode[4]) + 1) % 10}${barcode.slice(5)}`),
    ).toBe(false);
    expect(isValidBoletoLine(`${line.slice(0, 9)}${(Number(line[9]) + 1) % 10}${line.slice(10)}`)).toBe(
      false,
    );
    expect(isValidBoletoLine(`${line.slice(0, 40)}9${line.slice(41)}`)).toBe(false);
    expect(isValidBoletoBarcode(barcode.slice(1))).toBe(false);
    expect(isValidBoletoLine(line.slice(1))).toBe(false);
  });
  it('computes due factors across the 2025 rollover', () => {
    expect(boletoDueFactor('2025-02-22')).toBe('1000');
    expect(boletoDueFactor('2026-12-15')).toBe('1661');
    expect(() => boletoDueFactor('2025-02-21')).toThrow();
  });
  it('makes valid barcodes', () => {
    const barcode = makeBoletoBarcode({
      bank: '341',
      dueFactor: '1234',
      amountCents: 150050,
      freeField: '1'.repeat(25),
    });
    expect(isValidBoletoBarcode(barcode)).toBe(true);
    expect(isValidBoletoLine(boletoLine(barcode))).toBe(true);
  });
});
