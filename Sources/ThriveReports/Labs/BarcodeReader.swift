import CRsvg
import CZBar
import Foundation

/// Reads Code 128 barcodes from a photo (JPEG, PNG, WebP…): the server's side of scanning a test
/// kit for browsers without `BarcodeDetector`. The image is decoded by gdk-pixbuf (turned upright by
/// its EXIF orientation), made grey, and scanned by zbar along rows and columns. A scan line must
/// cross every bar, so zbar alone reads a kit label only within about 15° of level or upright (its
/// bars are 60 modules tall for 211 wide); when it finds nothing, the image is turned by 30° and
/// 60° each way and scanned again, which covers any angle.
public enum BarcodeReader {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A phone photo is at most this many pixels a side after downscaling: zbar reads a barcode a
    /// few hundred pixels wide, and a 12-megapixel frame would only cost time.
    static let largestSide = 2_000

    /// The texts of every Code 128 barcode found, in zbar's order; empty when none is found.
    /// Throws when the bytes are not an image gdk-pixbuf can read.
    public static func code128(in image: Data) throws -> [String] {
        let grey = try GreyImage(image)
        let found = grey.scan()
        guard found.isEmpty else { return found }
        for degrees in [30.0, -30, 60, -60] {
            let turned = grey.rotated(by: degrees).scan()
            if !turned.isEmpty { return turned }
        }
        return []
    }

    /// An 8-bit grey image, as zbar wants it (`Y800`).
    struct GreyImage {
        let width: Int
        let height: Int
        var pixels: [UInt8]

        init(_ data: Data) throws {
            let loader = gdk_pixbuf_loader_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
            var error: UnsafeMutablePointer<GError>?
            let written = data.withUnsafeBytes { bytes in
                gdk_pixbuf_loader_write(
                    loader, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
            }
            // Closed even after a failed write (the loader wants it), its second error ignored.
            var closingError: UnsafeMutablePointer<GError>?
            let closed = gdk_pixbuf_loader_close(loader, &closingError)
            for failure in [error, closingError] { if let failure { g_error_free(failure) } }
            guard written != 0, closed != 0, let loaded = gdk_pixbuf_loader_get_pixbuf(loader),
                let upright = gdk_pixbuf_apply_embedded_orientation(loaded)
            else { throw Failure(description: "The photo could not be read as an image.") }
            defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
            var pixbuf = upright
            let side = max(gdk_pixbuf_get_width(upright), gdk_pixbuf_get_height(upright))
            var scaled: OpaquePointer?
            if side > Int32(BarcodeReader.largestSide) {
                let factor = Double(BarcodeReader.largestSide) / Double(side)
                scaled = gdk_pixbuf_scale_simple(
                    upright, Int32(Double(gdk_pixbuf_get_width(upright)) * factor),
                    Int32(Double(gdk_pixbuf_get_height(upright)) * factor), GDK_INTERP_BILINEAR)
                if let scaled { pixbuf = scaled }
            }
            defer { if let scaled { g_object_unref(UnsafeMutableRawPointer(scaled)) } }
            width = Int(gdk_pixbuf_get_width(pixbuf))
            height = Int(gdk_pixbuf_get_height(pixbuf))
            let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels >= 3, let source = gdk_pixbuf_read_pixels(pixbuf)
            else { throw Failure(description: "The photo's colours could not be read.") }
            var grey = [UInt8](repeating: 0, count: width * height)
            for row in 0..<height {
                let line = source + row * stride
                for column in 0..<width {
                    let pixel = line + column * channels
                    // ITU-R BT.601 luma, in integers.
                    let luma = (299 * Int(pixel[0]) + 587 * Int(pixel[1]) + 114 * Int(pixel[2])) / 1_000
                    grey[row * width + column] = UInt8(luma)
                }
            }
            pixels = grey
        }

        init(width: Int, height: Int, pixels: [UInt8]) {
            self.width = width
            self.height = height
            self.pixels = pixels
        }

        /// The image turned by `degrees` about its centre onto a canvas that holds all of it, the
        /// corners filled white (nearest neighbour: zbar needs edges, not smoothness).
        func rotated(by degrees: Double) -> GreyImage {
            let angle = degrees * .pi / 180
            let (cosine, sine) = (cos(angle), sin(angle))
            let turnedWidth = Int((Double(width) * abs(cosine) + Double(height) * abs(sine)).rounded(.up))
            let turnedHeight = Int((Double(width) * abs(sine) + Double(height) * abs(cosine)).rounded(.up))
            var turned = [UInt8](repeating: 255, count: turnedWidth * turnedHeight)
            let (centreX, centreY) = (Double(width) / 2, Double(height) / 2)
            let (turnedCentreX, turnedCentreY) = (Double(turnedWidth) / 2, Double(turnedHeight) / 2)
            for y in 0..<turnedHeight {
                let dy = Double(y) - turnedCentreY
                for x in 0..<turnedWidth {
                    let dx = Double(x) - turnedCentreX
                    // Where this pixel of the turned image comes from in the original.
                    let sourceX = Int(cosine * dx + sine * dy + centreX)
                    let sourceY = Int(-sine * dx + cosine * dy + centreY)
                    guard sourceX >= 0, sourceX < width, sourceY >= 0, sourceY < height else { continue }
                    turned[y * turnedWidth + x] = pixels[sourceY * width + sourceX]
                }
            }
            return GreyImage(width: turnedWidth, height: turnedHeight, pixels: turned)
        }

        func scan() -> [String] {
            let scanner = zbar_image_scanner_create()!
            defer { zbar_image_scanner_destroy(scanner) }
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
            zbar_image_scanner_set_config(scanner, ZBAR_CODE128, ZBAR_CFG_ENABLE, 1)
            let image = zbar_image_create()!
            defer { zbar_image_destroy(image) }
            // "Y800": eight-bit grey, as a little-endian four-character code.
            zbar_image_set_format(image, 0x3030_3859)
            zbar_image_set_size(image, UInt32(width), UInt32(height))
            return pixels.withUnsafeBufferPointer { buffer -> [String] in
                zbar_image_set_data(image, buffer.baseAddress, UInt(buffer.count), nil)
                guard zbar_scan_image(scanner, image) > 0 else { return [] }
                var found: [String] = []
                var symbol = zbar_image_first_symbol(image)
                while let current = symbol {
                    if let data = zbar_symbol_get_data(current) { found.append(String(cString: data)) }
                    symbol = zbar_symbol_next(current)
                }
                // The image points at our pixels: let it forget them before they go.
                zbar_image_set_data(image, nil, 0, nil)
                return found
            }
        }
    }
}
