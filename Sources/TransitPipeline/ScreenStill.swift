import TransitCore
import TransitRender

/// The screen of a live world at its current virtual time, drawn once: the REPL's show() and
/// render(path) draw through here, as every frame of a run is drawn through `RenderJob`.
public enum ScreenStill {
    public static func draw(_ world: World, scale: Double, statusBar: Bool) -> RasterImage {
        let screen = world.screenSnapshot(world.window.layer.snapshot(at: world.now), at: world.now, statusBar: statusBar)
        return Rasterizer(scale: scale, background: Color(white: 0)).render(screen, size: world.screen.bounds.size)
    }
}
