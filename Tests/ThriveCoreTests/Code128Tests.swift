import Foundation
import Testing

@testable import ThriveCore

/// The barcode printed on kit labels (ISO/IEC 15417). The drawn modules are also compared with
/// zint's and read back by zbar in the reports suite.
@Suite("Code 128")
struct Code128Tests {
    @Test func everySymbolIsElevenModulesWithAnEvenBarSum() {
        #expect(Code128.patterns.count == 107)
        #expect(Set(Code128.patterns).count == 107, "no two symbols alike")
        for (value, pattern) in Code128.patterns.enumerated() {
            let widths = pattern.utf8.map { Int($0 - 48) }
            #expect(widths.reduce(0, +) == (value == Code128.stop ? 13 : 11), "symbol \(value)")
            // Code 128's self-check: the bars of every symbol add up to an even number of modules.
            let bars = widths[0] + widths[2] + widths[4]
            #expect(bars % 2 == 0, "symbol \(value)")
        }
    }

    /// A kit number: "FU-KIT-" in code set B, the ten digits in set C two at a time, "-2" in B.
    /// The check symbol by hand: (104 + 38·1 + 53·2 + 13·3 + 43·4 + 41·5 + 52·6 + 13·7 + 99·8 + 20·9
    /// + 25·10 + 11·11 + 7·12 + 1·13 + 100·14 + 13·15 + 18·16) mod 103 = 64.
    @Test func aKitNumberUsesCodeSetCForItsDigits() {
        #expect(
            Code128.symbols("FU-KIT-2025110701-2")
                == [104, 38, 53, 13, 43, 41, 52, 13, 99, 20, 25, 11, 7, 1, 100, 13, 18, 64, 106])
        #expect(Code128.widths("FU-KIT-2025110701-2")?.reduce(0, +) == 18 * 11 + 13, "211 modules")
    }

    @Test func digitsAtTheStartBeginInCodeSetCAndAnOddRunLeadsInB() {
        #expect(Code128.symbols("123456")?.prefix(4) == [105, 12, 34, 56])
        // Five digits: the first in B, then two pairs in C.
        #expect(Code128.symbols("12345")?.prefix(5) == [104, 17, 99, 23, 45])
        // Three digits in the middle are not worth two switches.
        #expect(Code128.symbols("A123B")?.prefix(6) == [104, 33, 17, 18, 19, 34])
    }

    @Test func onlyPrintableASCIIIsEncoded() {
        #expect(Code128.symbols("") == nil)
        #expect(Code128.symbols("KIT\n1") == nil)
        #expect(Code128.symbols("Größe") == nil)
    }
}
