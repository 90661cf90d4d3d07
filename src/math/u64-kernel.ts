/**
 * Unsigned 64-bit arithmetic for factoring, as a tiny WebAssembly module. JavaScript has no 64-bit integers
 * besides BigInt (about 60 ns per multiplication), while WebAssembly's i64 makes a Montgomery multiplication a
 * few ns: Miller-Rabin on a prime near 10^18 drops from ~25 us to a few us, and a trial-division sweep to 10^6
 * from ~190 us to about 50 us. The exports work on moduli below 2^62, which covers Grundy's N <= 10^18.
 * The same module walks PartisanGame's 64-bit windows for its judge (partisanCycleKernel, partisanValuesKernel):
 * one instance, one memory, and WebAssembly's full speed from the first call, where a JavaScript loop run a
 * thousand times over short walks waits for V8 to optimise it.
 * Multiplication's judge reads and answers its plain tests here too (multiplicationRunKernel), for the same
 * reason: a contest file of 10^4 tests is over before V8 has optimised a JavaScript loop over them.
 *
 * The module is written out, readable, in scripts/u64-kernel-source.ts (`npm run kernel` regenerates); these are the bytes it assembles to (a test
 * keeps the two equal), embedded so that no process spends milliseconds assembling it at start.
 */

import { MR32_BASES } from './mr32-bases.js';

export const KERNEL_WASM =
  'AGFzbQEAAAABtQEWYAF+AX9gA35/fwF/YAN/f38Bf2ADfn5+AX5gAX8Bf2ACf38Bf2AEf39/fwF/YAJ/fwF/YAF/AX9gAn9/AX9gA39/fwF/YAJ/fwF/YAV/f39/fwF/YAh/f39/f39/fwF/YAZ/f39/f38Bf2AFf39/f38Bf2AGfn5+fn9/AX9gBn9/f39/fwF/YAZ/f39/f38Bf2AHf39/f39/fwF/YAp/f39/f39/f39/AX9gBn9/f39/fwF/AxcWAAECAwQFBgcICQoLDA0ODxAREhMUFQUDAQABB6YCFwdpc1ByaW1lAAALZmluZERpdmlzb3IAAQpidWlsZFRhYmxlAAIDcmhvAAMJaXNQcmltZTMyAAQFcmhvMzIABQd0cmlhbDMyAAYGc3BycDMyAAcKbXIzMkJ1Y2tldAAIDmlzUm91Z2hQcmltZTMyAAkGcmVzdDMyAAoMc29ydFVuaXF1ZTMyAAsIZmFjdG9yMzIADA1mYWN0b3IzMkJhdGNoAA0JaW5kZXhLZXlzAA4Jd2VpZ2hLZXlzAA8MZmluZERpdmlzb3JzABAOcGFydGlzYW5QZXJpb2QAEQ1wYXJ0aXNhblN0YXJ0ABIOcGFydGlzYW5WYWx1ZXMAExFtdWx0aXBsaWNhdGlvblJ1bgAUCWFiZ2FtZVJ1bgAVBm1lbW9yeQIACq4/Ft4KEAF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX8BfwF/IAAhASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBIAFCAiAAIAF+fX4hASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBQgAgAH0gAIIhByAAIAd9IQggByEJQcAAIQ8DQCAJIAl8IQkgCSAJIAB9IAkgAFQbIQkgD0EBayIPDQALIABCAX16pyEOIABCAX0gDq2IIQpBACEQA0ACQEICQsUCQp/JAEKS3AFC18EbQpj61ARC/qOG2AZCACAQQQZGGyAQQQVGGyAQQQRGGyAQQQNGGyAQQQJGGyAQQQFGGyAQQQBGGyAAgiELIAtQDQAgCyAJfiABfiECIAtCIIggCUL/////D4N+IQQgC0L/////D4MgCUIgiH4hBSALQv////8PgyAJQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAtCIIggCUIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAyACQiCIIABC/////w+DfiEEIAJC/////w+DIABCIIh+IQUgAkL/////D4MgAEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiACQiCIIABCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQIgAyACfSADIAJ9IAB8IAMgAlobIQsgByEMIAohDQJAA0AgDVANASANQgGDUEUEQCAMIAt+IAF+IQIgDEIgiCALQv////8Pg34hBCAMQv////8PgyALQiCIfiEFIAxC/////w+DIAtC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgDEIgiCALQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshDAsgCyALfiABfiECIAtCIIggC0L/////D4N+IQQgC0L/////D4MgC0IgiH4hBSALQv////8PgyALQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAtCIIggC0IgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAyACQiCIIABC/////w+DfiEEIAJC/////w+DIABCIIh+IQUgAkL/////D4MgAEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiACQiCIIABCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQIgAyACfSADIAJ9IAB8IAMgAlobIQsgDUIBiCENDAALCyAMIAdRDQAgDCAIUQ0AIA5BAWshDwJAA0AgD0UNASAMIAx+IAF+IQIgDEIgiCAMQv////8Pg34hBCAMQv////8PgyAMQiCIfiEFIAxC/////w+DIAxC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgDEIgiCAMQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshDCAMIAhRDQIgD0EBayEPDAALC0EADwsgEEEBaiIQQQdHDQALQQELNwEBfwJAA0AgASACTw0BIAFBBHQhAyAAIAMpAwB+IAMpAwhYBEAgAQ8LIAFBAWohAQwACwtBfwupAggBfwF/AX8BfwF/AX8BfgF+IABBAXYhAyACQQAgA/wLAEEBIQQCQANAIARBAXRBAWohBiAGIAZsIABPDQEgAiAEai0AAEUEQCAGIAZsQQF2IQUCQANAIAUgA08NASACIAVqQQE6AAAgBSAGaiEFDAALCwsgBEEBaiEEDAALC0EAIQdBASEEAkADQCAEIANPDQEgAiAEai0AAEUEQCAEQQF0QQFqIQYgASAHQQJ0aiAGNgIAIAatIQkgCSEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogCkICIAkgCn59fiEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogB0EEdCIIIAo3AwAgCEJ/IAmANwMIIAdBAWohBwsgBEEBaiEEDAALCyAHC4ULDgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4gACEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQMgA0ICIAAgA359fiEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQNCASEOQgEhDUIBIQsCQANAIA5CgICACFoEQEIADwsgAiEJIA4hEANAIAIgAn4gA34hBCACQiCIIAJC/////w+DfiEGIAJC/////w+DIAJCIIh+IQcgAkL/////D4MgAkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCACQiCIIAJCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyECIAIgAXwhAiACIAB9IAIgAiAAWhshAiAQQgF9IhBQRQ0AC0IAIQ8CQANAIA8gDloNASACIQogDiAPfUKAASAOIA99QoABVBshEANAIAIgAn4gA34hBCACQiCIIAJC/////w+DfiEGIAJC/////w+DIAJCIIh+IQcgAkL/////D4MgAkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCACQiCIIAJCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyECIAIgAXwhAiACIAB9IAIgAiAAWhshAiAJIAJ9IAIgCX0gCSACWhshDCANIAx+IAN+IQQgDUIgiCAMQv////8Pg34hBiANQv////8PgyAMQiCIfiEHIA1C/////w+DIAxC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggDUIgiCAMQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEFIARCIIggAEL/////D4N+IQYgBEL/////D4MgAEIgiH4hByAEQv////8PgyAAQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIARCIIggAEIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBCAFIAR9IAUgBH0gAHwgBSAEWhshDSAQQgF9IhBQRQ0ACyANIQsgACEMAkADQCAMUA0BIAsgDIIgDCELIQwMAAsLIAtCAVFFDQMgD0KAAXwhDwwACwsgDkIBhiEODAALCyALIABRBEADQCAKIAp+IAN+IQQgCkIgiCAKQv////8Pg34hBiAKQv////8PgyAKQiCIfiEHIApC/////w+DIApC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggCkIgiCAKQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEFIARCIIggAEL/////D4N+IQYgBEL/////D4MgAEIgiH4hByAEQv////8PgyAAQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIARCIIggAEIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBCAFIAR9IAUgBH0gAHwgBSAEWhshCiAKIAF8IQogCiAAfSAKIAogAFobIQogCSAKfSAKIAl9IAkgClobIQsgACEMAkADQCAMUA0BIAsgDIIgDCELIQwMAAsLIAtCAVENAAsLIAsLzAMOAX4BfwF+AX4BfgF+AX4BfgF+AX4BfgF/AX8BfyAArSEBIAAhAiACQQIgACACbGtsIQIgAkECIAAgAmxrbCECIAJBAiAAIAJsa2whAiACQQIgACACbGtsIQIgAkECIAAgAmxrbCECQQAgAmshAkKAgICAECABgiEFIAEgBX0hBiAFIAV+IAGCIQcgAUIBfXqnIQwgAUIBfSAMrYghCEEAIQ4DQAJAQgJCB0I9QgAgDkECRhsgDkEBRhsgDkEARhsgAYIhCSAJUA0AIAkgB34iA6cgAmytIAF+IAN8QiCIIQQgBCABfSAEIAQgAVobIQkgBSEKIAghCwJAA0AgC1ANASALQgGDUEUEQCAKIAl+IgOnIAJsrSABfiADfEIgiCEEIAQgAX0gBCAEIAFaGyEKCyAJIAl+IgOnIAJsrSABfiADfEIgiCEEIAQgAX0gBCAEIAFaGyEJIAtCAYghCwwACwsgCiAFUQ0AIAogBlENACAMQQFrIQ0CQANAIA1FDQEgCiAKfiIDpyACbK0gAX4gA3xCIIghBCAEIAF9IAQgBCABWhshCiAKIAZRDQIgDUEBayENDAALC0EADwsgDkEBaiIOQQNHDQALQQELyQUSAX4BfwF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF/AX8BfwF/IACtIQIgACEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQMgA0ECIAAgA2xrbCEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQNBACADayEDIAGtIAKCIQZCAiEHQgghDUIBIQxCASEKAkADQCANQoCAgAhaBEBBAA8LIAchCCANIQ8DQCAHIAd+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEHIAcgBnwhByAHIAJ9IAcgByACWhshByAPQgF9Ig9QRQ0AC0IAIQ4CQANAIA4gDVoNASAHIQkgDSAOfUIQIA0gDn1CEFQbIQ8DQCAHIAd+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEHIAcgBnwhByAHIAJ9IAcgByACWhshByAIIAd9IAcgCH0gCCAHWhshCyAMIAt+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEMIA9CAX0iD1BFDQALIAynIRAgACERAkAgEEUEQCARIRAMAQsgECAQaHYhEANAIBAgEWsiEkUNASAQIBEgECARSRshEyARIBBrIBIgECARSRsiEiASaHYhECATIREMAAsLIBCtIQogCkIBUUUNAyAOQhB8IQ4MAAsLIA1CAYYhDQwACwsgCiACUQRAA0AgCSAJfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshCSAJIAZ8IQkgCSACfSAJIAkgAlobIQkgCCAJfSAJIAh9IAggCVobpyEQIAAhEQJAIBBFBEAgESEQDAELIBAgEGh2IRADQCAQIBFrIhJFDQEgECARIBAgEUkbIRMgESAQayASIBAgEUkbIhIgEmh2IRAgEyERDAALCyAQrSEKIApCAVENAAsLIAqnC6wBBwF/AX8BfwF/AX8BfwF/QQAhBCAAQQFxRQRAIANBAjYCBEEBIQQgACAAaHYhAAtBACEFAkADQCAFIAJPDQEgASAFQQxsaiEGIAYoAgAiByAHbCAASw0BIAYoAgghCSAAIAYoAgQiCGwiCiAJTQRAIAMgBEECdGogBzYCBCAEQQFqIQQDQCAKIQAgACAIbCIKIAlNDQALCyAFQQFqIQUMAAsLIAMgBDYCACAAC+YCCgF+AX8BfgF+AX4BfgF+AX4BfgF/IACtIQIgACEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQMgA0ECIAAgA2xrbCEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQNBACADayEDQoCAgIAQIAKCIQYgAiAGfSEHIAGtQiCGIAKCIghQBEBBAQ8LIAJCAX16pyELIAJCAX0gC62IIQogBiEJAkADQCAKQgGDUEUEQCAJIAh+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEJCyAKQgGIIgpQDQEgCCAIfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshCAwACwsgCSAGUQRAQQEPCyAJIAdRBEBBAQ8LAkADQCALQQFrIgtFDQEgCSAJfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshCSAJIAdRBEBBAQ8LDAALC0EACxMAIABBEHYgAHNBu772ImxBGHYLEwAgACAAEAhBAXQgAWovAQAQBwuWAQMBfwF/AX8gAEEBRgRAIAEPCwJAIABB4ZE+SQ0AIAAgAhAJDQAgALifqyIFIAVsIABGBEAgASAFNgIAIAFBBGoPC0EBIQQCQANAIAAgBBAFIgNBAmsgAEECa0kNASAEQYABTwRAAAsgBEEBaiEEDAALCyADIAEgAhAKIQEgACADbiABIAIQCg8LIAEgADYCACABQQRqC6sBBAF/AX8BfwF/IABBBGohAgJAA0AgAiABTw0BIAIoAgAhBCACIQMCQANAIAMgAE0NASADQQRrKAIAIARNDQEgAyADQQRrKAIANgIAIANBBGshAwwACwsgAyAENgIAIAJBBGohAgwACwsgAEEEaiIFIQICQANAIAIgAU8NASACKAIAIgQgBUEEaygCAEcEQCAFIAQ2AgAgBUEEaiEFCyACQQRqIQIMAAsLIAULmQIIAX8BfwF/AX8BfwF/AX8BeyAAQQFxRQRAIAFBAjYCACABQQRqIQEgACAAaHYhAAsgAiADQTBsaiEFAkADQCACIAVPDQEgAigCICIGIAZsIABLDQEgAP0RIgwgAv0ABAD9tQEgAv0ABBD9PiAMIAL9AAQw/bUBIAL9AARA/T79UP1TBEAgAiEHA0AgACAHKAIAIghsIgogBygCECIJTQRAIAEgBygCIDYCACABQQRqIQEDQCAKIQAgACAIbCIKIAlNDQALCyAHQQRqIgcgAkEQakYEQCACQTBqIQcLIAcgAkHAAGpJDQALCyACQeAAaiECDAALCyABIQsgACABIAQQCiEBIAEgC2tBBEsEQCALIAEQCyEBCyABC2kDAX8BfwF/IAMhCCAAIAFBAnRqIQkCQANAIAIgCCADa0ECdiAEajYCACAAIAlPDQEgACgCACIKQQBMBEBBfw8LIAogCCAFIAYgBxAMIQggAEEEaiEAIAJBBGohAgwACwsgCCADa0ECdguHAggBfwF/AX8BfwF/AX8BfwF/QQEgBHQiCkEBdiELIApBAWshCiADQYAgaiEMIAAgAUECdGohBgJAA0AgACAGTw0BAkAgACgCACIHQYAISQRAIAMgB0ECdGoiCSgCACINRQRAIAVBAWoiBSENIAkgDTYCAAsgAiANQQFrNgIADAELIAdBsfPd8XlsQSAgBGt2IQgDQCAMIAhBA3RqIgkoAgAgB0YEQCACIAkoAgQ2AgAMAgsgCSgCAEUEQCAFIAtPBEBBfw8LIAkgBzYCACAJIAU2AgQgAiAFNgIAIAVBAWohBQwCCyAIQQFqIApxIQgMAAsLIABBBGohACACQQRqIQIMAAsLIAULhAEFAX8BfwF/AX8BfyACIANBAnRqIQUCQANAIAIgBU8NASACKAIAIQggACABKAIAQQJ0aiEGIAAgASgCBEECdGohBwJAA0AgBiAHTw0BIAQgBigCAEECdGoiCSAJKAIAIAhqNgIAIAZBBGohBgwACwsgAkEEaiECIAFBBGohAQwACwtBAAutAQQBfwF/AX4BfiAEQQR0IQYgBUEEdCEHAkACQANAIAYgB08NASAGKQMAIQggBikDCCEJIAAgCH4gCVgNAiABIAh+IAlYDQIgAiAIfiAJWA0CIAMgCH4gCVgNAiAGQRBqIQYMAAsLQX8PCyAGKQMAIQggBikDCCEJIAZBBHZBBHQgACAIfiAJWHIgASAIfiAJWEEBdHIgAiAIfiAJWEECdHIgAyAIfiAJWEEDdHILjQIMAX4BfgF+AX4BfgF+AX4BfgF+AX8BfwF/IACtIAGtQiCGhCEGIAKtIAOtQiCGhCEHQn9BwAAgBGutiCEIIAghCSAIIQogCCELIAghDCAKQn+FIAaDUEWtIQ0gCUJ/hSAHg1BFrSEOIAlCAYYgDYQgCIMhCSAKQgGGIA6EIAiDIQpBASEPQQEhEEEBIRECQANAIAkgC1EgCiAMUXENASAPIAVPBEBBAA8LIBAgEUYEQCAJIQsgCiEMIBBBAXQhEEEAIRELIApCf4UgBoNQRa0hDSAJQn+FIAeDUEWtIQ4gCUIBhiANhCAIgyEJIApCAYYgDoQgCIMhCiAPQQFqIQ8gEUEBaiERDAALCyARC54CCgF+AX4BfgF+AX4BfgF+AX4BfgF/IACtIAGtQiCGhCEGIAKtIAOtQiCGhCEHQn9BwAAgBGutiCEIIAghCSAIIQogCCELIAghDAJAA0AgDyAFTw0BIApCf4UgBoNQRa0hDSAJQn+FIAeDUEWtIQ4gCUIBhiANhCAIgyEJIApCAYYgDoQgCIMhCiAPQQFqIQ8MAAsLQQAhDwJAA0AgCSALUSAKIAxRcQ0BIApCf4UgBoNQRa0hDSAJQn+FIAeDUEWtIQ4gCUIBhiANhCAIgyEJIApCAYYgDoQgCIMhCiAMQn+FIAaDUEWtIQ0gC0J/hSAHg1BFrSEOIAtCAYYgDYQgCIMhCyAMQgGGIA6EIAiDIQwgD0EBaiEPDAALCyAPC6UBCgF+AX4BfgF+AX4BfgF+AX4BfgF/IACtIAGtQiCGhCEHIAKtIAOtQiCGhCEIQn9BwAAgBGutiCEJIAkhCiAJIQsgCSEMIAkhDSAGIAVqIRACQANAIAYgEE8NASALQn+FIAeDUEWtIQ4gCkJ/hSAIg1BFrSEPIApCAYYgDoQgCYMhCiALQgGGIA+EIAmDIQsgBiAOpzoAACAGQQFqIQYMAAsLQQALqAYPAX8BfwF/AX8BfwF/AX4BfwF/AX8BfwF/AX8BfwF/QQAhCkEAIQsCQANAIAogA08NASAAIQ1BACEMAkADQCANIAFPDQEgDS0AACEOIA5BIEcgDkEJa0EES3ENASAMIA5BCkZqIQwgDUEBaiENDAALCyANIQ9CACEQAkADQCANIAFPDQEgDS0AAEEwayIOQQlLDQEgDSAPa0EKTw0DIBBCCn4gDq18IRAgDUEBaiENDAALCyANIA9GDQEgDSABTwRAIAJFDQIFIA0tAAAhDiAOQSBHIA5BCWtBBEtxDQILIBBCAlQNAUL/////ByAQVA0BIBCnIRECQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hDwJAA0AgDSABTw0BIA0tAAAhDiAOQSBHIA5BCWtBBEtxRQ0BIA1BAWohDQwACwsgDSABTyACRXENAUECIRIgDSAPa0EFRgRAIA8oAgBBwdilmwZGIA8tAARB5QBGcQRAQQAhEgsLIA0gD2tBA0YEQCAPLwEAQcLeAUYgDy0AAkHiAEZxBEBBASESCwsgEkECRg0BIA0hACALIAxqIQsgESAGIAcgCCAJEAwgBmtBAnYhEyAGIRRBAiEYIBNBAUYEQEEBIBQoAgAhFSARIRZBACEXAkADQCAWIBVwDQEgFiAVbiEWIBdBAWohFwwACwsgF0EBcWshGAsgE0ECRgRAIBQoAgAhFSARIRZBACEXAkADQCAWIBVwDQEgFiAVbiEWIBdBAWohFwwACwsgFyAGQQRqIRQgFCgCACEVIBEhFkEAIRcCQANAIBYgFXANASAWIBVuIRYgF0EBaiEXDAALCyAXayIXRQRAQQEhGAUgF0EBakECTQRAQQAhGAsLCyAYQQJGBEAgBEH00pXTADYCACAEQQRqIQQFIBIgGHMEQCAEQcLeidMANgIAIARBBGohBAUgBEHB2KWbBjYCACAEQeUAOgAEIARBCjoABSAEQQZqIQQLCyAKQQFqIQoMAAsLIAUgADYCACAFIAs2AgQgBSAENgIIIAoLggMKAX8BfwF/AX8BfwF/AX8BfwF/AX9BACEGQQAhBwJAA0AgBiADTw0BIAAhCUEAIQgCQANAIAkgAU8NASAJLQAAIQogCkEgRyAKQQlrQQRLcQ0BIAggCkEKRmohCCAJQQFqIQkMAAsLIAkgAU8NAUEAIQtBACEMQQAhDUEAIQ4CQANAIAkgAU8EQCACRQ0EDAILIAktAAAiCkEuRgRAIA5BAWohDiAJQQFqIQkMAQsgCkHBAGsiD0EBSwRAIApBIEcgCkEJa0EES3ENBAwCCyANQQFxBEAgDUEBdiAPRwRAIAwgDnMhDAUgCyAOQQAgDmsgD0UbaiELC0EAIQ0FIA9BAXRBAXIhDQtBACEOIAlBAWohCQwACwsgDUEBcQRAIAsgDkEAIA5rIA1BAnFFG2ohCwsgBEHBFEHCFCALQQBKIAtFIAxBAEdxchs7AQAgBEECaiEEIAkhACAHIAhqIQcgBkEBaiEGDAALCyAFIAA2AgAgBSAHNgIEIAUgBDYCCCAGCw==';

/** The part of the WebAssembly JS API used here (the DOM typings that declare it are not loaded). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface KernelExports {
  isPrime(n: bigint): number;
  findDivisor(m: bigint, from: number, to: number): number;
  findDivisors(m0: bigint, m1: bigint, m2: bigint, m3: bigint, from: number, to: number): number;
  buildTable(limit: number, primesAt: number, sieveAt: number): number;
  rho(n: bigint, c: bigint, y0: bigint): bigint;
  isPrime32(n: number): number;
  rho32(n: number, c: number): number;
  trial32(m: number, tableAt: number, count: number, outAt: number): number;
  sprp32(n: number, a: number): number;
  mr32Bucket(n: number): number;
  isRoughPrime32(n: number, basesAt: number): number;
  factor32(m: number, out: number, tableAt: number, groups: number, basesAt: number): number;
  factor32Batch(
    valuesAt: number,
    count: number,
    startsAt: number,
    primesAt: number,
    first: number,
    tableAt: number,
    groups: number,
    basesAt: number,
  ): number;
  indexKeys(
    keysAt: number,
    count: number,
    idsAt: number,
    tableAt: number,
    bits: number,
    next: number,
  ): number;
  weighKeys(idsAt: number, startsAt: number, weightsAt: number, count: number, sumsAt: number): number;
  partisanPeriod(
    aliceLo: number,
    aliceHi: number,
    bobLo: number,
    bobHi: number,
    width: number,
    budget: number,
  ): number;
  partisanStart(
    aliceLo: number,
    aliceHi: number,
    bobLo: number,
    bobHi: number,
    width: number,
    period: number,
  ): number;
  multiplicationRun(
    inAt: number,
    inEnd: number,
    eof: number,
    maxTests: number,
    outAt: number,
    stateAt: number,
    factorOut: number,
    tableAt: number,
    groups: number,
    basesAt: number,
  ): number;
  abgameRun(
    inAt: number,
    inEnd: number,
    eof: number,
    maxBoards: number,
    outAt: number,
    stateAt: number,
  ): number;
  partisanValues(
    aliceLo: number,
    aliceHi: number,
    bobLo: number,
    bobHi: number,
    width: number,
    count: number,
    outAt: number,
  ): number;
  readonly memory: WasmMemory;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

let kernel: KernelExports | undefined;

/** KERNEL_WASM decoded (a plain loop: Uint8Array.from with a callback per byte costs ~1 ms more, run cold). */
function kernelBytes(): Uint8Array {
  const text = atob(KERNEL_WASM);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Compiled on first use (well under a millisecond), so importing the game costs nothing. */
function load(): KernelExports {
  if (kernel === undefined) {
    const api = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const k = new api.Instance(new api.Module(kernelBytes()), {}).exports as KernelExports;
    placeTrial32(k, 0);
    kernel = k;
  }
  return kernel;
}

/** The odd primes the divisor table covers, in order (a view into the kernel's memory). */
let tablePrimes: Uint32Array = new Uint32Array(0);
let tablePrimesAt = 0;
let tableCount = 0;
let tableLimit = 0;

/** Makes the table cover every odd prime below `limit` (rebuilt whole when it grows; 10^6 takes ~2 ms). */
export function ensureTable(limit: number): void {
  if (limit <= tableLimit) return;
  const k = load();
  // pi(x) < 1.26 x / ln x (Rosser and Schoenfeld) bounds the entries before the sieve has counted them.
  const capacity = Math.ceil((1.26 * limit) / Math.log(limit)) + 16;
  const primesAt = capacity * 16;
  const sieveAt = primesAt + capacity * 4;
  const needed = sieveAt + (limit >>> 1);
  reserve(k, needed);
  const count = k.buildTable(limit, primesAt, sieveAt);
  tablePrimesAt = primesAt;
  tableCount = count;
  tablePrimes = new Uint32Array(k.memory.buffer, primesAt, count);
  tableLimit = limit;
  // The sieve's bytes are scratch once the table is built: the 32-bit trial table moves there.
  placeTrial32(k, sieveAt);
}

/** The odd prime at table index i. */
export function tablePrime(i: number): number {
  return tablePrimes[i] ?? 0;
}

/** How many table primes are below `bound` (the table must already cover it). */
export function tableCountBelow(bound: number): number {
  let lo = 0;
  let hi = tablePrimes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tablePrimes[mid] ?? 0) < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first table index in [from, to) whose prime divides m (odd or even m below 2^64), or -1. */
export function findTableDivisor(m: bigint, from: number, to: number): number {
  return load().findDivisor(m, from, to);
}

/** Numbers findTableDivisors tests in one pass (the kernel's findDivisors takes this many). */
export const SWEEP_LANES = 4;

/**
 * findTableDivisor for SWEEP_LANES numbers in one pass over the table (each entry loaded once, about half the
 * time per number): at the first index i in [from, to) whose prime divides any of them, i * 2^SWEEP_LANES plus
 * the mask of those it divides (bit j for m_j); -1 when none does. A lane of 1n divides nothing (padding).
 */
export function findTableDivisors(
  m0: bigint,
  m1: bigint,
  m2: bigint,
  m3: bigint,
  from: number,
  to: number,
): number {
  return load().findDivisors(m0, m1, m2, m3, from, to);
}

/** Miller-Rabin with bases proven deterministic below 2^64; for odd n with 37 < n < 2^62 only. */
export function isOddPrimeKernel(n: bigint): boolean {
  return load().isPrime(n) === 1;
}

/** One Pollard-Brent attempt on an odd composite n < 2^62: a divisor of n, or n or 0 when this c failed. */
export function rhoKernel(n: bigint, c: bigint, y0: bigint): bigint {
  return BigInt.asUintN(64, load().rho(n, c, y0));
}

/**
 * Miller-Rabin with bases 2, 7, 61 (deterministic below 4,759,123,141) in 32-bit Montgomery form; for odd n
 * with 3 <= n < 2^31 only. No BigInt crosses the boundary, so a call costs a few hundred nanoseconds.
 */
export function isOddPrime32Kernel(n: number): boolean {
  return load().isPrime32(n) === 1;
}

/** One Pollard-Brent attempt on an odd composite n < 2^31: a divisor of n, or n or 0 when this c failed. */
export function rho32Kernel(n: number, c: number): number {
  return load().rho32(n, c) >>> 0;
}

// ---------------------------------------------------------------------------------------------------------
// trial32: the odd primes below 1000 as (p, p^-1 mod 2^32, floor((2^32 - 1) / p)), then a result area.

const TRIAL32_PRIMES: readonly number[] = (() => {
  // A sieve: trial division by the primes found so far, through a callback each, cost ~1 ms at start.
  const composite = new Uint8Array(1000);
  const primes: number[] = [];
  for (let i = 3; i < 1000; i += 2) {
    if (composite[i] === 1) continue;
    primes.push(i);
    for (let j = i * i; j < 1000; j += 2 * i) composite[j] = 1;
  }
  return primes;
})();
const TRIAL32_BYTES = TRIAL32_PRIMES.length * 12;
/** Room for the count and at most 9 distinct primes (every number below 2^31 has fewer than 10). */
const TRIAL32_OUT_BYTES = 64;

/** factor32's table: groups of 4 primes, 48 bytes each (4 inverses, 4 bounds, 4 primes), the last one padded. */
const FACTOR32_GROUPS = 2 * Math.ceil(TRIAL32_PRIMES.length / 8); // factor32 takes two groups per step
const FACTOR32_TABLE_BYTES = FACTOR32_GROUPS * 48;
/** isRoughPrime32's bases, one u16 per hash bucket. */
const MR32_BASES_BYTES = MR32_BASES.length * 2;
/** factor32's output for one number: at most 9 distinct primes, and the rest's up to 3 before repeats go. */
const FACTOR32_OUT_BYTES = 64;
/** Room for the distinct primes of a number below 2^31 (factor32Batch's output for a list is sized by it). */
const MAX_PRIMES32 = 9;

/** Where the 32-bit tables and areas sit in the kernel's memory (they move when ensureTable grows it). */
interface Area32 {
  trial: number;
  trialOut: number;
  table: number;
  bases: number;
  out: number;
  /** Where factorAll32Kernel's areas start (up to the end of the memory, grown as a list needs). */
  free: number;
}

let area: Area32 | undefined;

/** Lays out the 32-bit tables and areas from `at` on (growing the memory when needed) and fills the tables. */
function placeTrial32(k: KernelExports, at: number): void {
  const align = (x: number): number => (x + 15) & ~15;
  const trial = align(at);
  const trialOut = trial + align(TRIAL32_BYTES);
  const table = trialOut + TRIAL32_OUT_BYTES;
  const bases = table + FACTOR32_TABLE_BYTES;
  const out = bases + align(MR32_BASES_BYTES);
  const free = out + FACTOR32_OUT_BYTES;
  reserve(k, free);
  const buffer = k.memory.buffer;
  const trialTable = new Int32Array(buffer, trial, TRIAL32_PRIMES.length * 3);
  const groups = new Int32Array(buffer, table, FACTOR32_GROUPS * 12);
  for (let g = 0; g < FACTOR32_GROUPS; g++) {
    // Padding lanes: inverse 1 and bound 0 (m * 1 <= 0 never holds for m >= 1), prime 0.
    for (let lane = 0; lane < 4; lane++) {
      groups[12 * g + lane] = 1;
      groups[12 * g + 4 + lane] = 0;
      groups[12 * g + 8 + lane] = 0;
    }
  }
  TRIAL32_PRIMES.forEach((p, i) => {
    let inv = p;
    for (let step = 0; step < 5; step++) inv = Math.imul(inv, 2 - Math.imul(p, inv));
    const lim = Math.floor(0xffffffff / p) | 0;
    trialTable[3 * i] = p;
    trialTable[3 * i + 1] = inv;
    trialTable[3 * i + 2] = lim;
    const at = 12 * (i >> 2) + (i & 3);
    groups[at] = inv;
    groups[at + 4] = lim;
    groups[at + 8] = p;
  });
  new Uint16Array(buffer, bases, MR32_BASES.length).set(MR32_BASES);
  area = {
    trial,
    trialOut,
    table,
    bases,
    out,
    free,
  };
}

/** The kernel with its 32-bit area laid out. */
function area32(): { k: KernelExports; a: Area32 } {
  const k = load();
  if (area === undefined) throw new Error('the kernel lays out its 32-bit area when it loads');
  return { k, a: area };
}

/**
 * Removes 2 and the odd primes below 1000 from m (1 <= m < 2^31) and returns the rest: 1, a prime (when
 * the scan stopped at p*p > rest) or a number without prime factors below 1000. The distinct primes removed
 * are trial32Found()[1..count], with count = trial32Found()[0].
 */
export function trial32Kernel(m: number): number {
  const { k, a } = area32();
  return k.trial32(m, a.trial, TRIAL32_PRIMES.length, a.trialOut);
}

/** The result area of the last trial32Kernel call (valid until the next call or table rebuild). */
export function trial32Found(): Int32Array {
  const { k, a } = area32();
  return new Int32Array(k.memory.buffer, a.trialOut, TRIAL32_OUT_BYTES / 4);
}

/**
 * Whether the odd n (3 <= n < 2^31) is a strong probable prime to base a (0 < a < 2^31); also true when n
 * divides a. For tests and scripts/mr32-bases.ts, which chooses isRoughPrime32Kernel's bases.
 */
export function sprp32Kernel(n: number, a: number): boolean {
  return load().sprp32(n, a) === 1;
}

/** The hash bucket (0 .. 255) whose base isRoughPrime32Kernel tests n to. */
export function mr32BucketKernel(n: number): number {
  return load().mr32Bucket(n);
}

/**
 * Deterministic primality, with one strong-probable-prime test, for odd n with 1009^2 <= n < 2^31 and no prime
 * factor below 1000 only (src/math/mr32-bases.ts holds the base for each hash bucket of n).
 */
export function isRoughPrime32Kernel(n: number): boolean {
  const { k, a } = area32();
  return k.isRoughPrime32(n, a.bases) === 1;
}

/** The distinct primes of m (1 <= m < 2^31), ascending, as a view into the kernel's memory (valid until its next call). */
export function factor32Kernel(m: number): Int32Array {
  const { k, a } = area32();
  const end = k.factor32(m, a.out, a.table, FACTOR32_GROUPS, a.bases);
  return new Int32Array(k.memory.buffer, a.out, (end - a.out) >> 2);
}

/**
 * Grows the kernel's memory to at least `bytes`. Growing detaches every view made before, so this is the one
 * place that grows it, and it remakes the one view kept across calls (the divisor table's primes).
 */
function reserve(k: KernelExports, bytes: number): void {
  const have = k.memory.buffer.byteLength;
  if (bytes <= have) return;
  k.memory.grow(Math.ceil((bytes - have) / 65536));
  tablePrimes = new Uint32Array(k.memory.buffer, tablePrimesAt, tableCount); // (a detached view's length is 0)
}

/** Keys (values) per indexKeys (weighKeys) call: a few dozen calls for SEAGM's 10^5 cards, most of them to optimised code. */
const INDEX_CHUNK = 8192;
/** indexKeys's array for the keys below 1024 (1 + the id of each, 0: not seen yet). */
const DIRECT_BYTES = 4 * 1024;

/**
 * Numbers the count primes at primesAt (ids at idsAt) with the tables from tableAt on; returns how many
 * distinct ones. A kernel function is compiled for speed only for its calls after the first few hundred
 * thousand instructions it ran, hence the chunks.
 */
function indexPrimes(
  k: KernelExports,
  primesAt: number,
  count: number,
  idsAt: number,
  tableAt: number,
  values: number,
): number {
  // Room for one distinct prime from 1024 up per value, twice that many slots (random cards below 10^9 have
  // about 0.6); indexKeys says so when that is not enough (up to 10^9 there can be two: 1000^3 > 10^9), and the
  // table doubles. A smaller table waits less on memory.
  for (let bits = Math.max(10, Math.ceil(Math.log2(2 * values + 1))); ; bits++) {
    const bytes = DIRECT_BYTES + (8 << bits);
    reserve(k, tableAt + bytes);
    new Uint8Array(k.memory.buffer, tableAt, bytes).fill(0);
    let next = 0;
    for (let from = 0; from < count && next >= 0; from += INDEX_CHUNK) {
      const chunk = Math.min(INDEX_CHUNK, count - from);
      next = k.indexKeys(primesAt + 4 * from, chunk, idsAt + 4 * from, tableAt, bits, next);
    }
    if (next >= 0) return next;
  }
}

/** What factorAll32Kernel returns: copies, not views. */
export interface KernelPrimeLists {
  /** The distinct primes of value i, ascending, are primes[starts[i] .. starts[i + 1]). */
  readonly primes: Int32Array;
  readonly starts: Int32Array;
  /** A dense id per distinct prime, numbered as they first appear in `primes` (parallel to it). */
  readonly ids: Int32Array;
  /** Per id: the sum of weights[i] over the values i its prime divides. */
  readonly sums: Int32Array;
}

/**
 * Factors every value (1 <= v < 2^31) and numbers the distinct primes in a few kernel calls (null when a value
 * is out of range): a loop over 10^5 numbers or 3 * 10^5 primes in JavaScript runs once, unoptimised, for a
 * good part of it; the kernel's functions are compiled for the hot path after their first few hundred calls.
 */
export function factorAll32Kernel(values: Int32Array, weights: Int32Array): KernelPrimeLists | null {
  const { k, a } = area32();
  const n = values.length;
  const valuesAt = a.free;
  const weightsAt = valuesAt + 4 * n;
  const startsAt = weightsAt + 4 * n;
  const primesAt = startsAt + 4 * (n + 1);
  const idsAt = primesAt + 4 * MAX_PRIMES32 * n;
  const tableAt = idsAt + 4 * MAX_PRIMES32 * n;
  reserve(k, tableAt);
  new Int32Array(k.memory.buffer, valuesAt, n).set(values);
  new Int32Array(k.memory.buffer, weightsAt, n).set(weights);
  const total = k.factor32Batch(valuesAt, n, startsAt, primesAt, 0, a.table, FACTOR32_GROUPS, a.bases);
  if (total < 0) return null;
  const idCount = indexPrimes(k, primesAt, total, idsAt, tableAt, n);
  const sumsAt = tableAt; // the table is done with
  new Int32Array(k.memory.buffer, sumsAt, idCount).fill(0);
  for (let from = 0; from < n; from += INDEX_CHUNK) {
    const chunk = Math.min(INDEX_CHUNK, n - from);
    k.weighKeys(idsAt, startsAt + 4 * from, weightsAt + 4 * from, chunk, sumsAt);
  }
  const buffer = k.memory.buffer;
  return {
    primes: new Int32Array(buffer, primesAt, total).slice(),
    starts: new Int32Array(buffer, startsAt, n + 1).slice(),
    ids: new Int32Array(buffer, idsAt, total).slice(),
    sums: new Int32Array(buffer, sumsAt, idCount).slice(),
  };
}

/** PartisanGame's move sets as masks (bit x - 1 of the low words for x <= 32, bit x - 33 of the high words). */
export interface PartisanMasks {
  readonly width: number;
  readonly aliceLo: number;
  readonly aliceHi: number;
  readonly bobLo: number;
  readonly bobHi: number;
}

/**
 * The cycle of PartisanGame's windows (as findCycle in src/games/partisan/engine.ts finds it): `start`, the first
 * window position on the cycle, and `period`; null when Brent's first phase reaches position `budget` first.
 */
export function partisanCycleKernel(
  rule: PartisanMasks,
  budget: number,
): { start: number; period: number } | null {
  const k = load();
  const { aliceLo, aliceHi, bobLo, bobHi, width } = rule;
  const period = k.partisanPeriod(aliceLo, aliceHi, bobLo, bobHi, width, budget);
  if (period === 0) return null;
  return { start: k.partisanStart(aliceLo, aliceHi, bobLo, bobHi, width, period), period };
}

/** A (0/1) at positions 0 .. target.length - 1, written into `target`. */
export function partisanValuesKernel(rule: PartisanMasks, target: Uint8Array): void {
  const { k, a } = area32();
  reserve(k, a.free + target.length);
  k.partisanValues(rule.aliceLo, rule.aliceHi, rule.bobLo, rule.bobHi, rule.width, target.length, a.free);
  target.set(new Uint8Array(k.memory.buffer, a.free, target.length));
}

/** What a judge loop in the kernel (multiplicationRunKernel, abgameRunKernel) read and answered. */
export interface KernelRun {
  /** Tests read and answered. */
  readonly tests: number;
  /** Bytes read: up to the end of the last test's last token. */
  readonly consumed: number;
  /** Newlines among those bytes. */
  readonly newlines: number;
  /** The answers, one per line, without a newline after the last. */
  readonly text: string;
}

const asciiText = new TextDecoder('utf-8');

/**
 * Runs a judge loop of the kernel over a copy of `bytes`: `call(inAt, inEnd, outAt, stateAt)` reads tests from
 * [inAt, inEnd), writes their answers from outAt on, and leaves at stateAt where it stopped reading, the
 * newlines read and where it stopped writing. `outPerIn`: the most answer bytes per input byte.
 */
function kernelRun(
  bytes: Uint8Array,
  outPerIn: number,
  call: (k: KernelExports, a: Area32, inAt: number, inEnd: number, outAt: number, stateAt: number) => number,
): KernelRun {
  const { k, a } = area32();
  const stateAt = a.free;
  const inAt = stateAt + 16;
  const outAt = (inAt + bytes.length + 15) & ~15;
  reserve(k, outAt + outPerIn * bytes.length + 16);
  new Uint8Array(k.memory.buffer, inAt, bytes.length).set(bytes);
  const tests = call(k, a, inAt, inAt + bytes.length, outAt, stateAt);
  const buffer = k.memory.buffer;
  const [readTo = inAt, newlines = 0, written = outAt] = new Int32Array(buffer, stateAt, 3);
  return {
    tests,
    consumed: readTo - inAt,
    newlines,
    text: tests === 0 ? '' : asciiText.decode(new Uint8Array(buffer, outAt, written - outAt - 1)),
  };
}

/**
 * Multiplication's contest tests (`N Name`) from the start of `bytes`, read and answered in the kernel while
 * each is plain: N a decimal of at most 10 digits from 2 to 2^31 - 1, Name "Alice" or "Bob", each token ended
 * by whitespace (or by the end of `bytes` when `eof`). Stops before the first test that is not, or after
 * `maxTests`; the caller reads that one the careful way.
 */
export function multiplicationRunKernel(bytes: Uint8Array, eof: boolean, maxTests: number): KernelRun {
  // A test takes at least 5 bytes ("2 Bob") and its answer at most 6 ("Alice" and a newline).
  return kernelRun(bytes, 2, (k, a, inAt, inEnd, outAt, stateAt) =>
    k.multiplicationRun(
      inAt,
      inEnd,
      eof ? 1 : 0,
      maxTests,
      outAt,
      stateAt,
      a.out,
      a.table,
      FACTOR32_GROUPS,
      a.bases,
    ),
  );
}

/**
 * ABGAME's boards from the start of `bytes`, read and answered (`A` or `B`) in the kernel while each is a run
 * of cells ended by whitespace (or by the end of `bytes` when `eof`). Stops before the first board that is not
 * (a byte that is not a cell, a board reaching the end of the bytes), or after `maxBoards`; the caller reads
 * that one the careful way.
 */
export function abgameRunKernel(bytes: Uint8Array, eof: boolean, maxBoards: number): KernelRun {
  // A board takes at least one byte and its answer two.
  return kernelRun(bytes, 2, (k, _a, inAt, inEnd, outAt, stateAt) =>
    k.abgameRun(inAt, inEnd, eof ? 1 : 0, maxBoards, outAt, stateAt),
  );
}
