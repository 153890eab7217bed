import Foundation
import Testing
@testable import TransitRender

// The interactive player is checked without a terminal: key decoding, the playback state machine,
// the status bar text, frame pre-rendering and the not-a-terminal error.
@Suite struct TerminalPlayerTests {
    typealias State = TerminalPlayer.State

    /// A solid opaque frame, so each pre-rendered frame is distinguishable by colour.
    static func solidFrame(_ red: UInt8, width: Int = 8, height: Int = 6) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[index] = red
            image.pixels[index + 3] = 255
        }
        return image
    }

    /// `#expect` cannot call a mutating method on its argument, so ticks go through this.
    func tick(_ state: inout State, _ elapsed: Double) -> Bool { state.tick(elapsed: elapsed) }

    // MARK: keys

    @Test func parsesPlainKeys() {
        #expect(TerminalKey.parse(Array(" qrQ".utf8)) == [.space, .character("q"), .character("r"), .character("Q")])
        #expect(TerminalKey.parse([0x03]) == [.controlC])
    }

    @Test func parsesArrowKeysInBothCursorModes() {
        let bytes: [UInt8] = [0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44, 0x1B, 0x4F, 0x43, 0x1B, 0x4F, 0x44]
        #expect(TerminalKey.parse(bytes) == [.rightArrow, .leftArrow, .rightArrow, .leftArrow])
    }

    @Test func parsesArrowsWithModifiersAndIgnoresOtherSequences() {
        // ESC [ 1 ; 2 D is shift+left; ESC [ A is up; ESC [ 5 ~ is page up.
        let bytes = Array("\u{1B}[1;2D\u{1B}[A\u{1B}[5~ ".utf8)
        #expect(TerminalKey.parse(bytes) == [.leftArrow, .space])
    }

    @Test func mixedBurstKeepsOrder() {
        let bytes = Array(" \u{1B}[C\u{1B}[Dq".utf8)
        #expect(TerminalKey.parse(bytes) == [.space, .rightArrow, .leftArrow, .character("q")])
    }

    @Test func unfinishedEscapeSequenceIsKeptForTheNextRead() {
        let first = TerminalKey.decode([0x20, 0x1B, 0x5B])
        #expect(first.keys == [.space])
        #expect(first.remainder == [0x1B, 0x5B])
        let second = TerminalKey.decode(first.remainder + [0x44])
        #expect(second.keys == [.leftArrow])
        #expect(second.remainder.isEmpty)
        #expect(TerminalKey.decode([0x1B]).remainder == [0x1B])
        #expect(TerminalKey.decode([0x1B, 0x4F]).remainder == [0x1B, 0x4F])
        #expect(TerminalKey.parse([0x1B]).isEmpty)
    }

    @Test func altKeyAndNonASCIIBytes() {
        // Alt+q arrives as ESC q; UTF-8 bytes and other control bytes carry no command.
        #expect(TerminalKey.parse([0x1B, 0x71]) == [.character("q")])
        #expect(TerminalKey.parse(Array("é\u{7}\t".utf8)).isEmpty)
        #expect(TerminalKey.parse([]).isEmpty)
    }

    // MARK: state

    @Test func startsPlayingAndAdvancesWithCarriedOverTime() {
        var state = State(frameCount: 10, fps: 10)
        #expect(state.isPlaying && state.frameIndex == 0)
        #expect(!tick(&state, 0.06))
        #expect(state.frameIndex == 0)
        #expect(tick(&state, 0.06))  // 0.12 s in total: one frame, 0.02 s carried over
        #expect(state.frameIndex == 1)
        state.tick(elapsed: 0.08)
        #expect(state.frameIndex == 2)
        state.tick(elapsed: 0.35)
        #expect(state.frameIndex == 5)
    }

    @Test func stopsOnTheLastFrame() {
        var state = State(frameCount: 5, fps: 10)
        #expect(tick(&state, 10))
        #expect(state.frameIndex == 4)
        #expect(!state.isPlaying)
        #expect(state.secondsUntilNextFrame == nil)
        #expect(!tick(&state, 1))
    }

    @Test func extremeElapsedTimesNeverTrap() {
        var state = State(frameCount: 5, fps: 10)
        #expect(!tick(&state, -1))
        #expect(!tick(&state, .nan))
        #expect(!tick(&state, .infinity))
        #expect(state.frameIndex == 0 && state.isPlaying)
        state.tick(elapsed: 1e300)
        #expect(state.frameIndex == 4)
    }

    @Test func spaceTogglesAndRestartsAtTheEnd() {
        var state = State(frameCount: 3, fps: 10)
        state.handle(key: .space)
        #expect(!state.isPlaying)
        #expect(!tick(&state, 5))  // paused: time does not move the frame
        #expect(state.frameIndex == 0)
        state.handle(key: .space)
        #expect(state.isPlaying)
        state.tick(elapsed: 5)
        #expect(state.frameIndex == 2 && !state.isPlaying)
        state.handle(key: .space)
        #expect(state.frameIndex == 0 && state.isPlaying)
    }

    @Test func resumingDoesNotCountTimeSpentBeforeThePause() {
        var state = State(frameCount: 10, fps: 10)
        state.tick(elapsed: 0.09)
        state.handle(key: .space)
        state.handle(key: .space)
        state.tick(elapsed: 0.05)
        #expect(state.frameIndex == 0)
        #expect(state.secondsUntilNextFrame.map { abs($0 - 0.05) < 1e-9 } == true)
    }

    @Test func arrowsStepOneFrameAndPause() {
        var state = State(frameCount: 3, fps: 10)
        state.handle(key: .rightArrow)
        #expect(state.frameIndex == 1 && !state.isPlaying)
        state.handle(key: .rightArrow)
        state.handle(key: .rightArrow)
        #expect(state.frameIndex == 2)
        state.handle(key: .leftArrow)
        #expect(state.frameIndex == 1)
        state.handle(key: .leftArrow)
        state.handle(key: .leftArrow)
        #expect(state.frameIndex == 0 && !state.isPlaying)
    }

    @Test func replayStartsOverAndQuitKeysQuit() {
        var state = State(frameCount: 4, fps: 10)
        state.tick(elapsed: 1)
        state.handle(key: .character("r"))
        #expect(state.frameIndex == 0 && state.isPlaying)
        state.handle(key: .character("x"))
        #expect(!state.isQuitRequested)
        for key in [TerminalKey.character("q"), .character("Q"), .controlC] {
            var copy = state
            copy.handle(key: key)
            #expect(copy.isQuitRequested)
        }
    }

    /// A player that played through rests on its last frame; a new version then replays from
    /// the first frame, since the last is the resting state most edits leave alike. A player the
    /// user paused or stepped keeps its frame.
    @Test func aNewVersionReplaysAPlayerThatPlayedThroughButNotOneTheUserStopped() {
        var played = State(frameCount: 5, fps: 10)
        played.tick(elapsed: 1)
        #expect(played.frameIndex == 4 && !played.isPlaying && played.restsAtEnd)
        var moved = played.newVersionArrived()
        #expect(moved)
        #expect(played.frameIndex == 0 && played.isPlaying && !played.restsAtEnd)
        moved = played.newVersionArrived()
        #expect(!moved, "playing: it goes on where it is")

        var stepped = State(frameCount: 5, fps: 10)
        stepped.tick(elapsed: 1)
        stepped.handle(key: .leftArrow)
        stepped.handle(key: .rightArrow)
        #expect(stepped.frameIndex == 4 && !stepped.restsAtEnd)
        moved = stepped.newVersionArrived()
        #expect(!moved)
        #expect(stepped.frameIndex == 4 && !stepped.isPlaying)

        var paused = State(frameCount: 5, fps: 10)
        paused.tick(elapsed: 0.2)
        paused.handle(key: .space)
        moved = paused.newVersionArrived()
        #expect(!moved && paused.frameIndex == 2)
    }

    @Test func degenerateFrameCountsAndRates() {
        var single = State(frameCount: 1, fps: 30)
        #expect(!single.isPlaying)
        single.handle(key: .space)
        single.handle(key: .rightArrow)
        #expect(single.frameIndex == 0 && !single.isPlaying)
        var empty = State(frameCount: 0, fps: 30)
        empty.handle(key: .leftArrow)
        empty.handle(key: .character("r"))
        #expect(empty.frameIndex == 0)
        for fps in [0.0, -5, .nan, .infinity] {
            #expect(State(frameCount: 2, fps: fps).frameDuration == 1.0 / 30)
        }
    }

    // MARK: status bar and frames

    @Test func statusLineShowsTitleFrameTimeAndMode() {
        var state = State(frameCount: 20, fps: 10)
        state.handle(key: .rightArrow)
        state.handle(key: .rightArrow)
        let line = TerminalPlayer.statusLine(title: "fade.lua", state: state, time: 0.35, columns: 200)
        #expect(line.contains("fade.lua"))
        #expect(line.contains("frame 3/20"))
        #expect(line.contains("t=0.350s"))
        #expect(line.contains("paused"))
        #expect(line.contains("q quit"))
        state.handle(key: .space)
        #expect(TerminalPlayer.statusLine(title: "x", state: state, time: 0, columns: 200).contains("playing"))
    }

    @Test func statusLineIsCutToTheWidthAndStripsControlCharacters() {
        let state = State(frameCount: 2, fps: 10)
        let line = TerminalPlayer.statusLine(title: "evil\u{1B}[2Jname", state: state, time: .nan, columns: 30)
        #expect(line.count == 29)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
        #expect(TerminalPlayer.statusLine(title: "x", state: state, time: 0, columns: 0).isEmpty)
        #expect(TerminalPlayer.statusLine(title: "x", state: state, time: .nan, columns: 200).contains("t=?"))
    }

    @Test func timesFallBackToTheFrameRate() {
        let frames = [Self.solidFrame(0), Self.solidFrame(1), Self.solidFrame(2)]
        let player = TerminalPlayer(frames: frames, times: [0, 0.125], fps: 8, title: "t")
        #expect(player.time(at: 1) == 0.125)
        #expect(player.time(at: 2) == 0.25)
    }

    @Test func preRenderedFramesKeepOrderAndUseCarriageReturns() {
        let frames = [Self.solidFrame(10), Self.solidFrame(200)]
        let rendered = TerminalPlayer.renderFrames(frames, columns: 8, rows: 3)
        #expect(rendered.count == 2)
        #expect(rendered[0].components(separatedBy: "\r\n").count == 3)
        #expect(rendered[0].contains("38;2;10;0;0"))
        #expect(rendered[1].contains("38;2;200;0;0"))
        #expect(TerminalPlayer.renderFrames([], columns: 8, rows: 3).isEmpty)
        #expect(TerminalPlayer.renderFrames(frames, columns: 8, rows: 0) == ["", ""])
    }

    // MARK: not a terminal

    @Test func refusesToPlayWhenOutputIsNotATerminal() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!TerminalPlayer.isTerminal(ends[1]))
        let player = TerminalPlayer(frames: [Self.solidFrame(1)], times: [0], fps: 30, title: "t")
        #expect(throws: RenderError("--tty needs a terminal: stdout is not a terminal (use -o out.gif instead)")) {
            try player.play(input: ends[0], output: ends[1])
        }
    }

    @Test func sizeFallsBackWhenTheDescriptorIsNoTerminal() {
        #expect(TerminalPlayer.terminalSize(-1) == (columns: 80, rows: 24))
    }
}
