import Foundation
import Testing
import ThriveReports

/// The QR code of a two-step sign-in's address, drawn as SVG, rasterised as a browser would show
/// it and read back with zbar (Debian's `zbarimg`, which the test command installs).
@Suite("QR codes")
struct QRCodeTests {
    static let address =
        "otpauth://totp/Thrive:ann@example.com?secret=JJKVEQ2IKZDEGRCEJJJUOTSKKZCUOQZVJFDVMMRTJFEVEV2JJBFA&issuer=Thrive"

    @Test func aScannerReadsBackTheAddress() throws {
        let svg = try #require(QRCodeImage.svg(Self.address, label: "QR code"))
        #expect(svg.contains(#"role="img" aria-label="QR code""#))
        let png = try PNGRaster.png(svg: svg, width: 300, height: 300, scale: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("code.png")
        try Data(png).write(to: file)
        let zbar = Process()
        zbar.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        zbar.arguments = ["--quiet", "--raw", file.path]
        let output = Pipe()
        zbar.standardOutput = output
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "run ./scripts/test, which installs zbar-tools")
        try zbar.run()
        zbar.waitUntilExit()
        let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(read.trimmingCharacters(in: .newlines) == Self.address)
    }

    /// ISO/IEC 18004: version 1 is 21 modules a side and each version adds 4. The address is 111
    /// bytes, more than version 6 holds at level M in byte mode (106), but libqrencode packs the
    /// upper-case base32 secret in alphanumeric mode (5.5 bits a character), which fits version 6.
    @Test func theSizeFollowsTheStandard() {
        #expect(QRCodeImage.modules("HELLO") == 21)
        #expect(QRCodeImage.modules(Self.address) == 41)
    }
}
