import Foundation
import Testing
import TransitCore
@testable import TransitRender

@Suite struct OutputTests {
    @Test func filmstripSizeFollowsTheDocumentedFormula() {
        let scale = 2.0
        let a = EncoderTests.solid(50, 40, 255, 0, 0), b = EncoderTests.solid(30, 60, 0, 0, 255), c = EncoderTests.solid(100, 20, 0, 255, 0)
        let sheet = Filmstrip.compose(rows: [("present", [("t=0s  0%", a), ("t=0.1s  50%", b)]), ("dismiss", [("t=0s", c)])],
                                      scale: scale)
        let p = Int((8 * scale).rounded()), t = Int((18 * scale).rounded()), l = Int((16 * scale).rounded())
        let expectedWidth = max(2 * p, p + (50 + p) + (30 + p), p + (100 + p))
        let expectedHeight = p + (t + 60 + l + p) + (t + 20 + l + p)
        #expect(sheet.width == expectedWidth)
        #expect(sheet.height == expectedHeight)
        // First cell pixels are copied verbatim at (p, p + t).
        #expect(isColor(sheet.pixel(x: p + 1, y: p + t + 1), 255, 0, 0))
        #expect(isColor(sheet.pixel(x: p + 50 + p + 1, y: p + t + 1), 0, 0, 255))
        #expect(isColor(sheet.pixel(x: p + 1, y: p + (t + 60 + l + p) + t + 1), 0, 255, 0))
    }

    @Test func terminalFrameHasOneLinePerRow() {
        let image = EncoderTests.testCard(width: 80, height: 160)
        let text = TerminalFrame.render(image, columns: 40, rows: 20)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        #expect(text.contains("▀"))
        #expect(TerminalFrame.render(RasterImage(width: 0, height: 0), columns: 10, rows: 3)
            .split(separator: "\n", omittingEmptySubsequences: false).count == 3)
    }

    /// The terminal player draws its streamed frames only as large as the cells show them: two
    /// pixels per side for each terminal pixel (a cell is one wide, two tall), never above the
    /// run's scale, never below a 64th of it; and such a frame averages down to the same cells.
    @Test func framesForTheTerminalAreDrawnAtTheCellsSize() {
        let phone = Size(width: 390, height: 844)
        // 120 × 39 cells: 120 × 78 pixels; the phone fits 78 / 844 high, so two samples: 156 / 844.
        #expect(abs(TerminalFrame.drawingScale(for: phone, columns: 120, rows: 39, limit: 3) - 156.0 / 844) < 1e-12)
        // A wide, short screen in tall cells: the width limits.
        #expect(abs(TerminalFrame.drawingScale(for: Size(width: 1000, height: 10), columns: 50, rows: 40, limit: 3) - 0.1) < 1e-12)
        #expect(TerminalFrame.drawingScale(for: phone, columns: 5000, rows: 5000, limit: 1) == 1)
        #expect(TerminalFrame.drawingScale(for: phone, columns: 1, rows: 1, limit: 2) == 2.0 / 64)
        #expect(TerminalFrame.drawingScale(for: phone, columns: 0, rows: 39, limit: 2) == 2)
        #expect(TerminalFrame.drawingScale(for: Size(width: .nan, height: 10), columns: 80, rows: 24, limit: 1) == 1)

        // A picture of four coloured quarters at two sizes makes the same cells.
        func quarters(_ width: Int, _ height: Int) -> RasterImage {
            var image = RasterImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4, right = x >= width / 2, low = y >= height / 2
                    image.pixels[offset] = right ? 200 : 10
                    image.pixels[offset + 1] = low ? 180 : 20
                    image.pixels[offset + 2] = right != low ? 90 : 250
                    image.pixels[offset + 3] = 255
                }
            }
            return image
        }
        #expect(TerminalFrame.render(quarters(160, 320), columns: 20, rows: 20) == TerminalFrame.render(quarters(40, 80), columns: 20, rows: 20))
    }

    @Test func htmlPlayerIsSelfContained() throws {
        let frames = [EncoderTests.testCard(), EncoderTests.testCard(shift: 9)]
        let page = try HTMLPlayer.page(title: "Push <demo>", frames: frames, fps: 30, trace: ["0.000 begin <push>", "0.350 end"])
        #expect(page.contains("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "data:image/png;base64,").count == frames.count + 1)
        #expect(page.contains("Push &lt;demo&gt;"))
        #expect(page.contains("0.350 end"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("<script src"))
        #expect(throws: RenderError.self) { try HTMLPlayer.page(title: "", frames: [], fps: 30, trace: []) }
    }
}
