import Foundation

/// Code 128 (ISO/IEC 15417), the barcode on a test kit's label: what the lab prints and what a
/// phone's camera or the server reads back.
///
/// Printable ASCII goes in code set B; a run of digits worth it goes in code set C, two digits a
/// symbol (ten digits of a kit number take five symbols instead of ten, so a label stays narrow
/// enough for a sheet of three across).
public enum Code128 {
    static let startB = 104
    static let startC = 105
    static let switchToB = 100
    static let switchToC = 99
    static let stop = 106

    /// The symbol values in order — start, data, check symbol, stop — or nil for text that is not
    /// printable ASCII or is empty.
    public static func symbols(_ text: String) -> [Int]? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ (32...126).contains($0) }) else { return nil }
        var values: [Int] = []
        var inC: Bool?
        var index = 0
        func use(c: Bool) {
            guard inC != c else { return }
            values.append(inC == nil ? (c ? startC : startB) : (c ? switchToC : switchToB))
            inC = c
        }
        while index < bytes.count {
            var run = bytes[index...].prefix { (48...57).contains($0) }.count
            let atEdge = index == 0 || index + run == bytes.count
            if run >= (atEdge ? 4 : 6) {
                if run % 2 == 1 {
                    use(c: false)
                    values.append(Int(bytes[index]) - 32)
                    index += 1
                    run -= 1
                }
                use(c: true)
                for pair in stride(from: index, to: index + run, by: 2) {
                    values.append(Int(bytes[pair] - 48) * 10 + Int(bytes[pair + 1] - 48))
                }
                index += run
            } else {
                use(c: false)
                values.append(Int(bytes[index]) - 32)
                index += 1
            }
        }
        let check = values.enumerated().reduce(0) { sum, item in sum + item.element * max(item.offset, 1) } % 103
        return values + [check, stop]
    }

    /// The widths, in modules, of alternating bars and spaces, starting with a bar: what is
    /// drawn, without the quiet zones (ten modules of white each side).
    public static func widths(_ text: String) -> [Int]? {
        symbols(text).map { $0.flatMap { patterns[$0].utf8.map { Int($0 - 48) } } }
    }

    /// The white margin a reader needs on each side, in modules.
    public static let quietZone = 10

    /// Bar, space, bar, space, bar, space widths of each symbol value (the stop adds a final bar).
    static let patterns: [String] = [
        "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
        "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
        "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
        "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
        "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
        "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
        "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
        "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
        "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
        "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
        "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
    ]
}
