import Foundation
import Testing
import ThriveCore
import ThriveReports
import ThriveTestSupport

/// Kit labels as the lab prints them and as the server reads them back from a phone's photo, each
/// checked against a third party: zint's own Code 128, zbar's own reader, poppler's rendering.
@Suite("Kit labels and barcode reading")
struct KitLabelTests {
    static let numbers = ["2025110701", "0000000000", "9999999999", "1234567890", "0471108205"].map {
        KitNumber(digits: $0)!.description
    }

    /// Our modules are zint's, bar for bar, for kit numbers and for text in code set B only. (Where
    /// two encodings are as short, as for "12345", zint may choose the other: both are valid.)
    @Test(arguments: numbers + ["PJJ123C", "A", "Kit 42", "AB12345678CD"])
    func theBarsAreZints(text: String) throws {
        let ours = try #require(Code128.widths(text)).enumerated().flatMap { index, width in
            Array(repeating: index % 2 == 0, count: width)
        }
        #expect(ours == (try BarcodeTools.zintModules(text)))
    }

    @Test func aDrawnLabelReadsBackOnTheServer() throws {
        for number in Self.numbers {
            let png = try KitLabelSheet.png(number, heading: "AAT test kit · batch 2026-11-27")
            #expect(try BarcodeReader.code128(in: Data(png)) == [number])
        }
    }

    /// A photo is never a clean print: zint's label, turned, blurred, darkened and saved as a JPEG,
    /// still reads — sideways, upside down and at angles zbar's level scan lines cannot cross too.
    @Test(arguments: [
        ["-rotate", "8", "-blur", "0x1.2", "-quality", "70"],
        ["-rotate", "90", "-brightness-contrast", "-25x-30"],
        ["-rotate", "180", "-resize", "160%", "-attenuate", "0.4", "+noise", "Gaussian"],
        ["-bordercolor", "#8a7f70", "-border", "120", "-rotate", "-10", "-blur", "0x0.8"],
        ["-bordercolor", "#8a7f70", "-border", "120", "-rotate", "-25", "-blur", "0x0.8"],
        ["-bordercolor", "#ffffff", "-border", "80", "-rotate", "40"],
        ["-bordercolor", "#ffffff", "-border", "80", "-rotate", "-125"],
    ])
    func aPhotographedLabelReadsBack(arguments: [String]) throws {
        let number = Self.numbers[0]
        let photo = try BarcodeTools.convert(try BarcodeTools.zintPNG(number, scale: 3), arguments, to: "jpg")
        #expect(try BarcodeReader.code128(in: photo) == [number])
    }

    /// zbar's own command gives up on the label turned 25°: the turning is the server's doing.
    @Test func zbarAloneCannotReadALabelTurned25Degrees() throws {
        let photo = try BarcodeTools.convert(
            try BarcodeTools.zintPNG(Self.numbers[0], scale: 3),
            ["-bordercolor", "#8a7f70", "-border", "120", "-rotate", "-25", "-blur", "0x0.8"], to: "jpg")
        #expect(try BarcodeTools.zbarimg(photo) == [])
    }

    @Test func aPhotoWithoutABarcodeFindsNothingAndAFileThatIsNoImageIsRefused() throws {
        let blank = try BarcodeTools.convert(
            try BarcodeTools.zintPNG("x"), ["-threshold", "-1", "-resize", "400x300!"], to: "png")
        #expect(try BarcodeReader.code128(in: blank) == [])
        #expect(throws: BarcodeReader.Failure.self) { try BarcodeReader.code128(in: Data("%PDF-1.7 not a photo".utf8)) }
        #expect(throws: BarcodeReader.Failure.self) { try BarcodeReader.code128(in: Data()) }
    }

    /// A batch of 25 prints on two A4 sheets of 21; every label on the first sheet, printed at 300 dpi
    /// by poppler, is read by zbar's own command, in the order they were issued.
    @Test func theLabelSheetPrintsEveryKitReadably() throws {
        let numbers = (0..<25).map { KitNumber(digits: String(format: "20251107%02d", $0))!.description }
        let pdf = try KitLabelSheet.pdf(numbers, heading: "AAT test kit · batch B-7", title: "Kit labels B-7")
        #expect(try PDFTools.pageCount(pdf, password: "") == 2)
        let first = try BarcodeTools.zbarimg(try BarcodeTools.pagePNG(pdf, page: 1))
        #expect(Set(first) == Set(numbers.prefix(21)))
        #expect(first.count == 21)
        let second = try BarcodeTools.zbarimg(try BarcodeTools.pagePNG(pdf, page: 2))
        #expect(Set(second) == Set(numbers.suffix(4)))
        let text = try PDFTools.text(pdf, password: nil).text
        #expect(text.contains("FU-KIT-2025110700-"), "the number is printed for typing too")
        #expect(text.contains("AAT test kit · batch B-7"))
        #expect(throws: KitLabelSheet.Failure.self) { try KitLabelSheet.pdf([], heading: "", title: "") }
    }
}
