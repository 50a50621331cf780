package dev.docask.mcp;

import dev.docask.mcp.internal.ReplayedRequest;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The SDK transport's servlet, each POST body read first through {@link CallParams} (the SDK does not check them). */
final class CheckedCalls extends HttpServlet {
    private final HttpServlet transport;
    private final int maxBodyBytes;

    CheckedCalls(HttpServlet transport, int maxBodyBytes) {
        this.transport = transport;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        transport.init(config);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        if (!"POST".equals(req.getMethod())) {
            transport.service((ServletRequest) req, resp);
            return;
        }
        byte[] read = req.getInputStream().readNBytes(maxBodyBytes + 1);
        if (read.length > maxBodyBytes) {
            transport.service((ServletRequest) new ReplayedRequest(req, read), resp); // refused by its own limit
            return;
        }
        String body = new String(read, StandardCharsets.UTF_8);
        String checked = CallParams.checked(body);
        transport.service((ServletRequest) new ReplayedRequest(req, checked.equals(body) ? read
                : checked.getBytes(StandardCharsets.UTF_8)), resp);
    }

    @Override
    public void destroy() {
        transport.destroy();
    }
}
