import CQPDF
import Foundation

/// Password protection for a PDF with libqpdf: AES-256 (the PDF 2.0 security handler, revision 6),
/// metadata encrypted too. The person's password opens the file; reading, copying and printing are
/// then allowed, since a report is for handing to a clinician.
public enum PDFProtection {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func protect(_ pdf: [UInt8], password: String) throws -> [UInt8] {
        var qpdf = qpdf_init()
        defer { qpdf_cleanup(&qpdf) }
        qpdf_silence_errors(qpdf)
        let read = pdf.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                qpdf_read_memory(qpdf, "report.pdf", $0.baseAddress, UInt64($0.count), nil)
            }
        }
        guard read & QPDF_ERRORS == 0 else { throw failure(qpdf, "The report could not be read for protection.") }
        guard qpdf_init_write_memory(qpdf) & QPDF_ERRORS == 0 else {
            throw failure(qpdf, "The protected report could not be started.")
        }
        qpdf_set_r6_encryption_parameters2(
            qpdf, password, password, QPDF_TRUE, QPDF_TRUE, QPDF_TRUE, QPDF_TRUE, QPDF_TRUE, QPDF_TRUE, qpdf_r3p_full,
            QPDF_TRUE)
        guard qpdf_write(qpdf) & QPDF_ERRORS == 0 else { throw failure(qpdf, "The protected report could not be written.") }
        let length = qpdf_get_buffer_length(qpdf)
        guard let buffer = qpdf_get_buffer(qpdf) else { throw Failure(description: "The protected report is empty.") }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    private static func failure(_ qpdf: qpdf_data?, _ fallback: String) -> Failure {
        guard qpdf_has_error(qpdf) == QPDF_TRUE, let error = qpdf_get_error(qpdf),
            let text = qpdf_get_error_full_text(qpdf, error)
        else { return Failure(description: fallback) }
        return Failure(description: "\(fallback) \(String(cString: text))")
    }
}
