import Foundation

// A single self-contained HTML file to scrub through a rendered transition: every frame is a
// base64 PNG data URI (flat UI frames compress well, and per-frame images avoid sprite-size
// limits), controls are plain HTML + inline script, nothing is fetched from the network.
public enum HTMLPlayer {
    public static func page(title: String, frames: [RasterImage], fps: Double, trace: [String]) throws -> String {
        guard !frames.isEmpty else { throw RenderError("HTML player: no frames") }
        let rate = fps.isFinite && fps > 0 ? fps : 30
        let uris = try frames.map { "\"data:image/png;base64," + Data(try PNGEncoder.encode($0)).base64EncodedString() + "\"" }
        let width = frames[0].width, height = frames[0].height
        let traceLines = trace.map { "<div>\(escape($0))</div>" }.joined()
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body{margin:0;font:13px/1.4 -apple-system,system-ui,sans-serif;background:#f0f0f0;color:#222;display:flex;gap:16px;padding:16px}
        #stage{display:flex;flex-direction:column;gap:8px}
        #frame{width:\(width)px;max-width:45vw;height:auto;border:1px solid #ccc;background:#fff;image-rendering:auto}
        #controls{display:flex;gap:8px;align-items:center}
        #scrub{flex:1}
        #trace{flex:1;max-height:90vh;overflow:auto;font:12px/1.5 ui-monospace,Menlo,monospace;background:#fff;border:1px solid #ccc;padding:8px;white-space:pre}
        </style></head>
        <body>
        <div id="stage">
        <h3 style="margin:0">\(escape(title))</h3>
        <img id="frame" alt="frame" width="\(width)" height="\(height)">
        <div id="controls"><button id="play">Play</button>
        <input id="scrub" type="range" min="0" max="\(frames.count - 1)" value="0">
        <span id="time"></span></div>
        <div>space: play/pause · ←/→: one frame</div>
        </div>
        <div id="trace">\(traceLines)</div>
        <script>
        const frames=[\(uris.joined(separator: ",\n"))];
        const fps=\(rate);
        let index=0,timer=null;
        const img=document.getElementById('frame'),scrub=document.getElementById('scrub'),
              time=document.getElementById('time'),play=document.getElementById('play');
        function show(i){index=(i+frames.length)%frames.length;img.src=frames[index];scrub.value=index;
          time.textContent='t='+(index/fps).toFixed(3)+'s  frame '+(index+1)+'/'+frames.length;}
        function toggle(){if(timer){clearInterval(timer);timer=null;play.textContent='Play';}
          else{timer=setInterval(()=>show(index+1),1000/fps);play.textContent='Pause';}}
        play.onclick=toggle;
        scrub.oninput=()=>show(parseInt(scrub.value,10));
        document.addEventListener('keydown',e=>{
          if(e.key===' '){e.preventDefault();toggle();}
          else if(e.key==='ArrowRight'){e.preventDefault();show(index+1);}
          else if(e.key==='ArrowLeft'){e.preventDefault();show(index-1);}});
        show(0);
        </script>
        </body></html>

        """
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
