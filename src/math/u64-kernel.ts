/**
 * Unsigned 64-bit arithmetic for factoring, as a tiny WebAssembly module. JavaScript has no 64-bit integers
 * besides BigInt (about 60 ns per multiplication), while WebAssembly's i64 makes a Montgomery multiplication a
 * few ns: Miller-Rabin on a prime near 10^18 drops from ~25 us to a few us, and a trial-division sweep to 10^6
 * from ~190 us to about 50 us. The exports work on moduli below 2^62, which covers Grundy's N <= 10^18.
 * The same module walks PartisanGame's 64-bit windows for its judge (partisanCycleKernel, partisanValuesKernel):
 * one instance, one memory, and WebAssembly's full speed from the first call, where a JavaScript loop run a
 * thousand times over short walks waits for V8 to optimise it.
 * The judges of Multiplication, ABGAME and PartisanGame read and answer their plain tests here too
 * (multiplicationRunKernel, abgameRunKernel, partisanRunKernel, through src/core/kernel-stretches.ts), for the
 * same reason: a contest file of 10^4 tests is over before V8 has optimised a JavaScript loop over them.
 * MAGIC's judge reads, joins and counts the passages of its boards here (magicJoinKernel, magicTallyKernel).
 *
 * The module is written out, readable, in scripts/u64-kernel-source.ts (`npm run kernel` regenerates); these are the bytes it assembles to (a test
 * keeps the two equal), embedded so that no process spends milliseconds assembling it at start.
 */

import { MR32_BASES } from './mr32-bases.js';

export const KERNEL_WASM =
  'AGFzbQEAAAAB0wIkYAF+AX9gA35/fwF/YAN/f38Bf2ADfn5+AX5gAX8Bf2ACf38Bf2AEf39/fwF/YAJ/fwF/YAF/AX9gAn9/AX9gA39/fwF/YAJ/fwF/YAV/f39/fwF/YAh/f39/f39/fwF/YAZ/f39/f38Bf2AFf39/f38Bf2AGfn5+fn9/AX9gBn9/f39/fwF/YAZ/f39/f38Bf2AHf39/f39/fwF/YAp/f39/f39/f39/AX9gBn9/f39/fwF/YAp/f39/f39/f39/AX9gEn9/f39/f39/f39/f39/f39/fwBgD39/f39/f39/f39/f39/fwBgBH9/f38AYA5/f39/f39/f39/f39/fwF/YAN/f38AYAt/f39/f39/f39/fgF/YAZ/f39+fn8AYAh/f39+fn9/fwBgCH9/fn9/f39/AGAEf39/fwF/YAZ/f39/f38Bf2ABfwF/YAF/AX8DJSQAAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMFAwEAAQfwAyUHaXNQcmltZQAAC2ZpbmREaXZpc29yAAEKYnVpbGRUYWJsZQACA3JobwADCWlzUHJpbWUzMgAEBXJobzMyAAUHdHJpYWwzMgAGBnNwcnAzMgAHCm1yMzJCdWNrZXQACA5pc1JvdWdoUHJpbWUzMgAJBnJlc3QzMgAKDHNvcnRVbmlxdWUzMgALCGZhY3RvcjMyAAwNZmFjdG9yMzJCYXRjaAANCWluZGV4S2V5cwAOCXdlaWdoS2V5cwAPDGZpbmREaXZpc29ycwAQDnBhcnRpc2FuUGVyaW9kABENcGFydGlzYW5TdGFydAASDnBhcnRpc2FuVmFsdWVzABMRbXVsdGlwbGljYXRpb25SdW4AFAlhYmdhbWVSdW4AFQtwYXJ0aXNhblJ1bgAWDHNlYWdtQ2xhc3NlcwAXCnNlYWdtQ291bnQAGApzZWFnbURyYWluABkJbWFnaWNKb2luABoKbWFnaWNUYWxseQAbDG1hZ2ljQmlnUmVhZAAcCm1hZ2ljQ291bnQAHQttYWdpY1NwcmVhZAAeEW1hZ2ljTnVtYmVyQnVja2V0AB8NbWFnaWNSZW51bWJlcgAgDm1hZ2ljSm9pblJhbmdlACELb2N0YWxTcGFyc2UAIgpvY3RhbFBsYWluACMGbWVtb3J5AgAKwJIBJN4KEAF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX8BfwF/IAAhASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBIAFCAiAAIAF+fX4hASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBQgAgAH0gAIIhByAAIAd9IQggByEJQcAAIQ8DQCAJIAl8IQkgCSAJIAB9IAkgAFQbIQkgD0EBayIPDQALIABCAX16pyEOIABCAX0gDq2IIQpBACEQA0ACQEICQsUCQp/JAEKS3AFC18EbQpj61ARC/qOG2AZCACAQQQZGGyAQQQVGGyAQQQRGGyAQQQNGGyAQQQJGGyAQQQFGGyAQQQBGGyAAgiELIAtQDQAgCyAJfiABfiECIAtCIIggCUL/////D4N+IQQgC0L/////D4MgCUIgiH4hBSALQv////8PgyAJQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAtCIIggCUIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAyACQiCIIABC/////w+DfiEEIAJC/////w+DIABCIIh+IQUgAkL/////D4MgAEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiACQiCIIABCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQIgAyACfSADIAJ9IAB8IAMgAlobIQsgByEMIAohDQJAA0AgDVANASANQgGDUEUEQCAMIAt+IAF+IQIgDEIgiCALQv////8Pg34hBCAMQv////8PgyALQiCIfiEFIAxC/////w+DIAtC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgDEIgiCALQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshDAsgCyALfiABfiECIAtCIIggC0L/////D4N+IQQgC0L/////D4MgC0IgiH4hBSALQv////8PgyALQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAtCIIggC0IgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAyACQiCIIABC/////w+DfiEEIAJC/////w+DIABCIIh+IQUgAkL/////D4MgAEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiACQiCIIABCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQIgAyACfSADIAJ9IAB8IAMgAlobIQsgDUIBiCENDAALCyAMIAdRDQAgDCAIUQ0AIA5BAWshDwJAA0AgD0UNASAMIAx+IAF+IQIgDEIgiCAMQv////8Pg34hBCAMQv////8PgyAMQiCIfiEFIAxC/////w+DIAxC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgDEIgiCAMQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshDCAMIAhRDQIgD0EBayEPDAALC0EADwsgEEEBaiIQQQdHDQALQQELNwEBfwJAA0AgASACTw0BIAFBBHQhAyAAIAMpAwB+IAMpAwhYBEAgAQ8LIAFBAWohAQwACwtBfwupAggBfwF/AX8BfwF/AX8BfgF+IABBAXYhAyACQQAgA/wLAEEBIQQCQANAIARBAXRBAWohBiAGIAZsIABPDQEgAiAEai0AAEUEQCAGIAZsQQF2IQUCQANAIAUgA08NASACIAVqQQE6AAAgBSAGaiEFDAALCwsgBEEBaiEEDAALC0EAIQdBASEEAkADQCAEIANPDQEgAiAEai0AAEUEQCAEQQF0QQFqIQYgASAHQQJ0aiAGNgIAIAatIQkgCSEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogCkICIAkgCn59fiEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogB0EEdCIIIAo3AwAgCEJ/IAmANwMIIAdBAWohBwsgBEEBaiEEDAALCyAHC4ULDgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4gACEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQMgA0ICIAAgA359fiEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQNCASEOQgEhDUIBIQsCQANAIA5CgICACFoEQEIADwsgAiEJIA4hEANAIAIgAn4gA34hBCACQiCIIAJC/////w+DfiEGIAJC/////w+DIAJCIIh+IQcgAkL/////D4MgAkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCACQiCIIAJCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyECIAIgAXwhAiACIAB9IAIgAiAAWhshAiAQQgF9IhBQRQ0AC0IAIQ8CQANAIA8gDloNASACIQogDiAPfUKAASAOIA99QoABVBshEANAIAIgAn4gA34hBCACQiCIIAJC/////w+DfiEGIAJC/////w+DIAJCIIh+IQcgAkL/////D4MgAkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCACQiCIIAJCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyECIAIgAXwhAiACIAB9IAIgAiAAWhshAiAJIAJ9IAIgCX0gCSACWhshDCANIAx+IAN+IQQgDUIgiCAMQv////8Pg34hBiANQv////8PgyAMQiCIfiEHIA1C/////w+DIAxC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggDUIgiCAMQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEFIARCIIggAEL/////D4N+IQYgBEL/////D4MgAEIgiH4hByAEQv////8PgyAAQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIARCIIggAEIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBCAFIAR9IAUgBH0gAHwgBSAEWhshDSAQQgF9IhBQRQ0ACyANIQsgACEMAkADQCAMUA0BIAsgDIIgDCELIQwMAAsLIAtCAVFFDQMgD0KAAXwhDwwACwsgDkIBhiEODAALCyALIABRBEADQCAKIAp+IAN+IQQgCkIgiCAKQv////8Pg34hBiAKQv////8PgyAKQiCIfiEHIApC/////w+DIApC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggCkIgiCAKQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEFIARCIIggAEL/////D4N+IQYgBEL/////D4MgAEIgiH4hByAEQv////8PgyAAQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIARCIIggAEIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBCAFIAR9IAUgBH0gAHwgBSAEWhshCiAKIAF8IQogCiAAfSAKIAogAFobIQogCSAKfSAKIAl9IAkgClobIQsgACEMAkADQCAMUA0BIAsgDIIgDCELIQwMAAsLIAtCAVENAAsLIAsLzAMOAX4BfwF+AX4BfgF+AX4BfgF+AX4BfgF/AX8BfyAArSEBIAAhAiACQQIgACACbGtsIQIgAkECIAAgAmxrbCECIAJBAiAAIAJsa2whAiACQQIgACACbGtsIQIgAkECIAAgAmxrbCECQQAgAmshAkKAgICAECABgiEFIAEgBX0hBiAFIAV+IAGCIQcgAUIBfXqnIQwgAUIBfSAMrYghCEEAIQ4DQAJAQgJCB0I9QgAgDkECRhsgDkEBRhsgDkEARhsgAYIhCSAJUA0AIAkgB34iA6cgAmytIAF+IAN8QiCIIQQgBCABfSAEIAQgAVobIQkgBSEKIAghCwJAA0AgC1ANASALQgGDUEUEQCAKIAl+IgOnIAJsrSABfiADfEIgiCEEIAQgAX0gBCAEIAFaGyEKCyAJIAl+IgOnIAJsrSABfiADfEIgiCEEIAQgAX0gBCAEIAFaGyEJIAtCAYghCwwACwsgCiAFUQ0AIAogBlENACAMQQFrIQ0CQANAIA1FDQEgCiAKfiIDpyACbK0gAX4gA3xCIIghBCAEIAF9IAQgBCABWhshCiAKIAZRDQIgDUEBayENDAALC0EADwsgDkEBaiIOQQNHDQALQQELyQUSAX4BfwF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF/AX8BfwF/IACtIQIgACEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQMgA0ECIAAgA2xrbCEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQNBACADayEDIAGtIAKCIQZCAiEHQgghDUIBIQxCASEKAkADQCANQoCAgAhaBEBBAA8LIAchCCANIQ8DQCAHIAd+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEHIAcgBnwhByAHIAJ9IAcgByACWhshByAPQgF9Ig9QRQ0AC0IAIQ4CQANAIA4gDVoNASAHIQkgDSAOfUIQIA0gDn1CEFQbIQ8DQCAHIAd+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEHIAcgBnwhByAHIAJ9IAcgByACWhshByAIIAd9IAcgCH0gCCAHWhshCyAMIAt+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEMIA9CAX0iD1BFDQALIAynIRAgACERAkAgEEUEQCARIRAMAQsgECAQaHYhEANAIBAgEWsiEkUNASAQIBEgECARSRshEyARIBBrIBIgECARSRsiEiASaHYhECATIREMAAsLIBCtIQogCkIBUUUNAyAOQhB8IQ4MAAsLIA1CAYYhDQwACwsgCiACUQRAA0AgCSAJfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshCSAJIAZ8IQkgCSACfSAJIAkgAlobIQkgCCAJfSAJIAh9IAggCVobpyEQIAAhEQJAIBBFBEAgESEQDAELIBAgEGh2IRADQCAQIBFrIhJFDQEgECARIBAgEUkbIRMgESAQayASIBAgEUkbIhIgEmh2IRAgEyERDAALCyAQrSEKIApCAVENAAsLIAqnC6wBBwF/AX8BfwF/AX8BfwF/QQAhBCAAQQFxRQRAIANBAjYCBEEBIQQgACAAaHYhAAtBACEFAkADQCAFIAJPDQEgASAFQQxsaiEGIAYoAgAiByAHbCAASw0BIAYoAgghCSAAIAYoAgQiCGwiCiAJTQRAIAMgBEECdGogBzYCBCAEQQFqIQQDQCAKIQAgACAIbCIKIAlNDQALCyAFQQFqIQUMAAsLIAMgBDYCACAAC+YCCgF+AX8BfgF+AX4BfgF+AX4BfgF/IACtIQIgACEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQMgA0ECIAAgA2xrbCEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQNBACADayEDQoCAgIAQIAKCIQYgAiAGfSEHIAGtQiCGIAKCIghQBEBBAQ8LIAJCAX16pyELIAJCAX0gC62IIQogBiEJAkADQCAKQgGDUEUEQCAJIAh+IgSnIANsrSACfiAEfEIgiCEFIAUgAn0gBSAFIAJaGyEJCyAKQgGIIgpQDQEgCCAIfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshCAwACwsgCSAGUQRAQQEPCyAJIAdRBEBBAQ8LAkADQCALQQFrIgtFDQEgCSAJfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshCSAJIAdRBEBBAQ8LDAALC0EACxMAIABBEHYgAHNBu772ImxBGHYLEwAgACAAEAhBAXQgAWovAQAQBwuWAQMBfwF/AX8gAEEBRgRAIAEPCwJAIABB4ZE+SQ0AIAAgAhAJDQAgALifqyIFIAVsIABGBEAgASAFNgIAIAFBBGoPC0EBIQQCQANAIAAgBBAFIgNBAmsgAEECa0kNASAEQYABTwRAAAsgBEEBaiEEDAALCyADIAEgAhAKIQEgACADbiABIAIQCg8LIAEgADYCACABQQRqC6sBBAF/AX8BfwF/IABBBGohAgJAA0AgAiABTw0BIAIoAgAhBCACIQMCQANAIAMgAE0NASADQQRrKAIAIARNDQEgAyADQQRrKAIANgIAIANBBGshAwwACwsgAyAENgIAIAJBBGohAgwACwsgAEEEaiIFIQICQANAIAIgAU8NASACKAIAIgQgBUEEaygCAEcEQCAFIAQ2AgAgBUEEaiEFCyACQQRqIQIMAAsLIAULmQIIAX8BfwF/AX8BfwF/AX8BeyAAQQFxRQRAIAFBAjYCACABQQRqIQEgACAAaHYhAAsgAiADQTBsaiEFAkADQCACIAVPDQEgAigCICIGIAZsIABLDQEgAP0RIgwgAv0ABAD9tQEgAv0ABBD9PiAMIAL9AAQw/bUBIAL9AARA/T79UP1TBEAgAiEHA0AgACAHKAIAIghsIgogBygCECIJTQRAIAEgBygCIDYCACABQQRqIQEDQCAKIQAgACAIbCIKIAlNDQALCyAHQQRqIgcgAkEQakYEQCACQTBqIQcLIAcgAkHAAGpJDQALCyACQeAAaiECDAALCyABIQsgACABIAQQCiEBIAEgC2tBBEsEQCALIAEQCyEBCyABC2kDAX8BfwF/IAMhCCAAIAFBAnRqIQkCQANAIAIgCCADa0ECdiAEajYCACAAIAlPDQEgACgCACIKQQBMBEBBfw8LIAogCCAFIAYgBxAMIQggAEEEaiEAIAJBBGohAgwACwsgCCADa0ECdguHAggBfwF/AX8BfwF/AX8BfwF/QQEgBHQiCkEBdiELIApBAWshCiADQYAgaiEMIAAgAUECdGohBgJAA0AgACAGTw0BAkAgACgCACIHQYAISQRAIAMgB0ECdGoiCSgCACINRQRAIAVBAWoiBSENIAkgDTYCAAsgAiANQQFrNgIADAELIAdBsfPd8XlsQSAgBGt2IQgDQCAMIAhBA3RqIgkoAgAgB0YEQCACIAkoAgQ2AgAMAgsgCSgCAEUEQCAFIAtPBEBBfw8LIAkgBzYCACAJIAU2AgQgAiAFNgIAIAVBAWohBQwCCyAIQQFqIApxIQgMAAsLIABBBGohACACQQRqIQIMAAsLIAULhAEFAX8BfwF/AX8BfyACIANBAnRqIQUCQANAIAIgBU8NASACKAIAIQggACABKAIAQQJ0aiEGIAAgASgCBEECdGohBwJAA0AgBiAHTw0BIAQgBigCAEECdGoiCSAJKAIAIAhqNgIAIAZBBGohBgwACwsgAkEEaiECIAFBBGohAQwACwtBAAutAQQBfwF/AX4BfiAEQQR0IQYgBUEEdCEHAkACQANAIAYgB08NASAGKQMAIQggBikDCCEJIAAgCH4gCVgNAiABIAh+IAlYDQIgAiAIfiAJWA0CIAMgCH4gCVgNAiAGQRBqIQYMAAsLQX8PCyAGKQMAIQggBikDCCEJIAZBBHZBBHQgACAIfiAJWHIgASAIfiAJWEEBdHIgAiAIfiAJWEECdHIgAyAIfiAJWEEDdHILjQIMAX4BfgF+AX4BfgF+AX4BfgF+AX8BfwF/IACtIAGtQiCGhCEGIAKtIAOtQiCGhCEHQn9BwAAgBGutiCEIIAghCSAIIQogCCELIAghDCAKQn+FIAaDUEWtIQ0gCUJ/hSAHg1BFrSEOIAlCAYYgDYQgCIMhCSAKQgGGIA6EIAiDIQpBASEPQQEhEEEBIRECQANAIAkgC1EgCiAMUXENASAPIAVPBEBBAA8LIBAgEUYEQCAJIQsgCiEMIBBBAXQhEEEAIRELIApCf4UgBoNQRa0hDSAJQn+FIAeDUEWtIQ4gCUIBhiANhCAIgyEJIApCAYYgDoQgCIMhCiAPQQFqIQ8gEUEBaiERDAALCyARC54CCgF+AX4BfgF+AX4BfgF+AX4BfgF/IACtIAGtQiCGhCEGIAKtIAOtQiCGhCEHQn9BwAAgBGutiCEIIAghCSAIIQogCCELIAghDAJAA0AgDyAFTw0BIApCf4UgBoNQRa0hDSAJQn+FIAeDUEWtIQ4gCUIBhiANhCAIgyEJIApCAYYgDoQgCIMhCiAPQQFqIQ8MAAsLQQAhDwJAA0AgCSALUSAKIAxRcQ0BIApCf4UgBoNQRa0hDSAJQn+FIAeDUEWtIQ4gCUIBhiANhCAIgyEJIApCAYYgDoQgCIMhCiAMQn+FIAaDUEWtIQ0gC0J/hSAHg1BFrSEOIAtCAYYgDYQgCIMhCyAMQgGGIA6EIAiDIQwgD0EBaiEPDAALCyAPC6UBCgF+AX4BfgF+AX4BfgF+AX4BfgF/IACtIAGtQiCGhCEHIAKtIAOtQiCGhCEIQn9BwAAgBGutiCEJIAkhCiAJIQsgCSEMIAkhDSAGIAVqIRACQANAIAYgEE8NASALQn+FIAeDUEWtIQ4gCkJ/hSAIg1BFrSEPIApCAYYgDoQgCYMhCiALQgGGIA+EIAmDIQsgBiAOpzoAACAGQQFqIQYMAAsLQQALoQYPAX8BfwF/AX8BfwF/AX4BfwF/AX8BfwF/AX8BfwF/QQAhCkEAIQsCQANAIAogA08NASAAIQ1BACEMAkADQCANIAFPDQEgDS0AACEOIA5BIEcgDkEJa0EES3ENASAMIA5BCkZqIQwgDUEBaiENDAALCyANIQ9CACEQAkADQCANIAFPDQEgDS0AAEEwayIOQQlLDQEgDSAPa0EKTw0DIBBCCn4gDq18IRAgDUEBaiENDAALCyANIA9GDQEgDSABTwRAIAJFDQIFIA0tAAAhDiAOQSBHIA5BCWtBBEtxDQILIBBCAlQNAUL/////ByAQVA0BIBCnIRECQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hDwJAA0AgDSABTw0BIA0tAAAhDiAOQSBHIA5BCWtBBEtxRQ0BIA1BAWohDQwACwsgDSABTyACRXENAUECIRIgDSAPa0EFRgRAIA8oAgBBwdilmwZGIA8tAARB5QBGcQRAQQAhEgsLIA0gD2tBA0YEQCAPLwEAQcLeAUYgDy0AAkHiAEZxBEBBASESCwsgEkECRg0BIA0hACALIAxqIQsgESAGIAcgCCAJEAwgBmtBAnYhEyAGIRRBAiEYIBNBAUYEQEEBIBQoAgAhFSARIRZBACEXAkADQCAWIBVwDQEgFiAVbiEWIBdBAWohFwwACwsgF0EBcWshGAsgE0ECRgRAIBQoAgAhFSARIRZBACEXAkADQCAWIBVwDQEgFiAVbiEWIBdBAWohFwwACwsgFyAGQQRqIRQgFCgCACEVIBEhFkEAIRcCQANAIBYgFXANASAWIBVuIRYgF0EBaiEXDAALCyAXayIXRQRAQQEhGAUgF0EBakECTQRAQQAhGAsLCyAYQQJGBEAgBEH00pXTADYCACAEQQRqIQQFIBIgGHMEQCAEQcLeidMANgIAIARBBGohBAUgBEHB2KWbBjYCACAEQeUUOwEEIARBBmohBAsLIApBAWohCgwACwsgBSAANgIAIAUgCzYCBCAFIAQ2AgggCguCAwoBfwF/AX8BfwF/AX8BfwF/AX8Bf0EAIQZBACEHAkADQCAGIANPDQEgACEJQQAhCAJAA0AgCSABTw0BIAktAAAhCiAKQSBHIApBCWtBBEtxDQEgCCAKQQpGaiEIIAlBAWohCQwACwsgCSABTw0BQQAhC0EAIQxBACENQQAhDgJAA0AgCSABTwRAIAJFDQQMAgsgCS0AACIKQS5GBEAgDkEBaiEOIAlBAWohCQwBCyAKQcEAayIPQQFLBEAgCkEgRyAKQQlrQQRLcQ0EDAILIA1BAXEEQCANQQF2IA9HBEAgDCAOcyEMBSALIA5BACAOayAPRRtqIQsLQQAhDQUgD0EBdEEBciENC0EAIQ4gCUEBaiEJDAALCyANQQFxBEAgCyAOQQAgDmsgDUECcUUbaiELCyAEQcEUQcIUIAtBAEogC0UgDEEAR3FyGzsBACAEQQJqIQQgCSEAIAcgCGohByAGQQFqIQYMAAsLIAUgADYCACAFIAc2AgQgBSAENgIIIAYL3AoQAX8BfwF/AX8BfwF/AX8BfgF/AX8BfwF/AX8BfwF/AX9BACEKQQAhCwJAA0AgCiADTw0BIAAhDUEAIQwCQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hD0IAIRECQANAIA0gAU8NASANLQAAQTBrIg5BCUsNASANIA9rQRNPDQMgEUIKfiAOrXwhESANQQFqIQ0MAAsLIA0gD0YNASANIAFPBEAgAkUNAgUgDS0AACEOIA5BIEcgDkEJa0EES3ENAgtCgICQu7rWrfANIBFUDQECQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hD0EAIRACQANAIA0gAU8NASANLQAAQTBrIg5BCUsNASANIA9rQQNPDQMgEEEKbCAOaiEQIA1BAWohDQwACwsgDSAPRg0BIA0gAU8EQCACRQ0CBSANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0CCyAQQcAASw0BIBAhEkEAIRMCQANAIBJFDQECQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hD0EAIRACQANAIA0gAU8NASANLQAAQTBrIg5BCUsNASANIA9rQQNPDQUgEEEKbCAOaiEQIA1BAWohDQwACwsgDSAPRg0DIA0gAU8EQCACRQ0EBSANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0ECyAQQQVLDQMgEEUNA0EBIBBBAWt0Ig4gE3ENAyATIA5yIRMgEkEBayESDAALCyATIRQCQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hD0EAIRACQANAIA0gAU8NASANLQAAQTBrIg5BCUsNASANIA9rQQNPDQMgEEEKbCAOaiEQIA1BAWohDQwACwsgDSAPRg0BIA0gAU8EQCACRQ0CBSANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0CCyAQQcAASw0BIBAhEkEAIRMCQANAIBJFDQECQANAIA0gAU8NASANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0BIAwgDkEKRmohDCANQQFqIQ0MAAsLIA0hD0EAIRACQANAIA0gAU8NASANLQAAQTBrIg5BCUsNASANIA9rQQNPDQUgEEEKbCAOaiEQIA1BAWohDQwACwsgDSAPRg0DIA0gAU8EQCACRQ0EBSANLQAAIQ4gDkEgRyAOQQlrQQRLcQ0ECyAQQQVLDQMgEEUNA0EBIBBBAWt0Ig4gE3ENAyATIA5yIRMgEkEBayESDAALCyAGIBRBBXQgE3JBDGxqIRUgFSgCAEUEQEEgIBQgE3JBAXJnayEWIBRBACATQQAgFkGAgMAAEBEhFyAUQQAgE0EAIBYgFxASIBZrIhhBAEwEQEEAIRgLIAcgCGogGGogF2ogCUsEQEEBIRkMAwsgFEEAIBNBACAWIBggF2ogByAIahATGiAVIAhBAWo2AgAgFSAYNgIEIBUgFzYCCCAIIBhqIBdqIQgLIA0hACALIAxqIQsgFSgCBCEYIBEgGK1UBEAgEachEAUgESAYrX0gFTUCCIKnIBhqIRALIAcgFSgCAGpBAWsgEGotAAAEQCAEQcHYpZsGNgIAIARB5RQ7AQQgBEEGaiEEBSAEQcLeidMANgIAIARBBGohBAsgCkEBaiEKDAALCyAFIAA2AgAgBSALNgIEIAUgBDYCCCAFIAg2AgwgBSAZNgIQIAoLwwQQAX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8gESgCACEeIBEoAgQhHyARKAIIISAgESgCDCEhIAUhEgJAA0AgEiAGTw0BQQAhFUEBIRggASASQQJ0aiIbKAIAIRMgGygCBCEUAkADQCATIBRPDQEgAyACIBNBAnRqKAIAIhZBAnRqKAIAQQJOBEAgACATQQJ0aigCACEXIBAgFUECdGoiGyAXNgIAIBsgFjYCJCAVQQFqIRUgGCAXbCEYCyATQQFqIRMMAAsLIBVFBEAgByASQQJ0akF/NgIABSAYQbHz3fF5bCAPdiEaAkADQCAOIBpBA3RqIhsoAgAiHCAYRgRAIBsoAgQhGQwCCyAcRQRAIBsgGDYCACAbIB42AgQgHiEZIAggGUECdGogGDYCACAKIBlBAnRqIB82AgBBACETAkADQCATIBVPDQEgDSAQIBNBAnRqKAIkQQJ0aiIbKAIAIh1FBEAgIUEBaiIhIR0gGyAdNgIACyAMIB9BAnRqIB1BAWs2AgAgCyAfQQJ0aiAQIBNBAnRqKAIANgIAIB9BAWohHyATQQFqIRMMAAsLIAogGUECdGogHzYCBCAgQQEgFXRqQQFrISAgHkEBaiEeDAILIBpBAWpBf0EgIA9rdEF/c3EhGgwACwsgByASQQJ0aiAZNgIAIAkgGUECdGoiGyAbKAIAIAQgEkECdGooAgBqNgIACyASQQFqIRIMAAsLIBEgHjYCACARIB82AgQgESAgNgIIIBEgITYCDAvqAgwBfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8gDSgCACEZIA0oAgQhGiAMQQE2AgAgBSEPAkADQCAPIAZPDQEgACAPQQJ0aigCACEQIAIgEEECdGooAgBBAnQgBGohEUEBIAEgD0ECdGooAgB0IRIgAyAQQQJ0aigCAEEBdCETQQEhFAJAA0AgFCASTw0BIAwgFEECdGogDCAUIBRBAWtxQQJ0aigCACARIBRoQQJ0aigCAGwiFTYCACAVQbHz3fF5bCAJdiEWAkADQCAHIBZBA3RqIhgoAgAiFyAVRgRAIBggGCgCBCATajYCBAwCCyAXRQRAIBggFTYCACAYIBMgFGlBAXFyNgIEIAogGUECdGogFjYCACAZQQFqIRkMAgsgFkEBaiAIcSEWDAALCyAOBEAgCyAaQQJ0aiAWNgIAIBpBAWohGgsgFEEBaiEUDAALCyAPQQFqIQ8MAAsLIA0gGTYCACANIBo2AgQLZgQBfwF/AX8BfwJAA0AgBCACTw0BIAAgASAEQQJ0aigCAEEDdGoiBSgCBCIGQQRPBEAgAyAGQQF2QQJ0aiIHIAcoAgBBAWogBkEBcUEBdGs2AgALIAVBADYCACAEQQFqIQQMAAsLC/4GFgF/AX8BfwF/AX8BfwF+AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/QQAhDkEAIQ8CQANAIA4gA08NASAAIRFBACEQAkADQCARIAFPDQEgES0AACESIBJBIEcgEkEJa0EES3ENASAQIBJBCkZqIRAgEUEBaiERDAALCwJAA0AgES0AACESIBJBIEcgEkEJa0EES3ENASAQIBJBCkZqIRAgEUEBaiERDAALCyARIRNCACEUAkADQCARLQAAQTBrIhJBCUsNASAUQgp+IBKtfCEUIBFBAWohEQwACwsgESATa0EBa0EPTw0BIBRQDQEgBq0gFFQNASAUpyEVIBUhFiAHIA9qIBBqIRcCQANAIBEtAAAhEiASQSBHIBJBCWtBBEtxDQEgECASQQpGaiEQIBFBAWohEQwACwsgESETQgAhFAJAA0AgES0AAEEwayISQQlLDQEgFEIKfiASrXwhFCARQQFqIREMAAsLIBEgE2tBAWtBD08NASAUUA0BIAatIBRUDQEgFKchFSARIAFPBEAgAkUNAgUgES0AACESIBJBIEcgEkEJa0EES3ENAgsgFSAWRg0BIBEhACAPIBBqIQ8gCCAOaiEYIAogGEEDdGoiGSAWQQFrIhY2AgAgGSAVQQFrIhU2AgQgCyAYQQJ0aiAXNgIAIBYhGQJAA0AgCSAZQQJ0aigCACIbQQBIBEAgGyEgDAILIAkgG0ECdGooAgAiHEEASARAIBshGSAcISAMAgsgCSAZQQJ0aiAcNgIAIBwhGQwACwsgFSEaAkADQCAJIBpBAnRqKAIAIhtBAEgEQCAbISEMAgsgCSAbQQJ0aigCACIcQQBIBEAgGyEaIBwhIQwCCyAJIBpBAnRqIBw2AgAgHCEaDAALCyAgICFMISIgCSAaIBkgIhtBAnRqIBkgGiAiGyIbICAgGSAaRxs2AgAgCSAbQQJ0aiAgICFqICAgGSAaRxs2AgAgFkEQdCAVciAVQRB0IBZyIBYgFUkbIh1BsfPd8XlsIA12IR4CQANAIAwgHkECdGooAgAiH0UEQCAMIB5BAnRqIB02AgAMAgsgHyAdRgRAICNFBEAgGEEBaiEjCwwCCyAeQQFqQX9BICANa3RBf3NxIR4MAAsLIA5BAWohDgwACwsgBSAANgIAIAUgDzYCBCAFIAQ2AgggBSAjNgIMIA4LhwEHAX8BfwF/AX8BfwF/AX8gACEDIAAgAUECdGohBAJAA0AgAyAETw0BIAMoAgAiBkEfdiEFQQAgBmtBACAFa3EiBiAGQQFrbEEBdiAJaiEJIAcgBkEBcWohByAIIAVqIAZBAXFrIQggA0EEaiEDDAALCyACIAc2AgAgAiAINgIEIAIgCTYCCAvtDw0BfwF/AX8BfwF/AX8BfgF+AX4BfwF+AX8Bf0EAIQtBACEMAkADQCALIANPDQEgACEOQQAhDQJAA0AgDiABTw0BIA4tAAAhDyAPQSBHIA9BCWtBBEtxDQEgDSAPQQpGaiENIA5BAWohDgwACwsCQANAIA4tAAAhDyAPQSBHIA9BCWtBBEtxDQEgDSAPQQpGaiENIA5BAWohDgwACwsCQAJAIA5BEmogAUkEQCAOLQASIQ8gD0EgRyAPQQlrQQRLcUUEQCAOKQMAIRIgDikDCCETIBJC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBJChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEIBNC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBNChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEhFBFDQIgDi0AEEEwayIUQQlLDQIgDi0AEUEwayIPQQlLDQIgEkKPnrz48OHDhw+DIhJCCn4gEkIIiHxC/4H8h/CfwP8AgyISQuQAfiASQhCIfEL//4OA8P8/gyISQpDOAH4gEkIgiHxC/////w+DQoDIr6AlfiATQo+evPjw4cOHD4MiE0IKfiATQgiIfEL/gfyH8J/A/wCDIhNC5AB+IBNCEIh8Qv//g4Dw/z+DIhNCkM4AfiATQiCIfEL/////D4NC5AB+fCAUQQpsIA9qrXwhESAOQRJqIQ4MAwsLIA5BEWogAUkEQCAOLQARIQ8gD0EgRyAPQQlrQQRLcUUEQCAOKQMAIRIgDikDCCETIBJC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBJChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEIBNC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBNChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEhFBFDQIgDi0AEEEwayIUQQlLDQIgEkKPnrz48OHDhw+DIhJCCn4gEkIIiHxC/4H8h/CfwP8AgyISQuQAfiASQhCIfEL//4OA8P8/gyISQpDOAH4gEkIgiHxC/////w+DQoCU69wDfiATQo+evPjw4cOHD4MiE0IKfiATQgiIfEL/gfyH8J/A/wCDIhNC5AB+IBNCEIh8Qv//g4Dw/z+DIhNCkM4AfiATQiCIfEL/////D4NCCn58IBStfCERIA5BEWohDgwDCwsLIA4hEEIAIRECQANAIA4tAABBMGsiD0EJSw0BIBFCCn4gD618IREgDkEBaiEODAALCyAOIBBrQQFrQRNPDQILIBFQDQEgCiARVA0BIBEhFSAGIAxqIA1qIRYCQANAIA4tAAAhDyAPQSBHIA9BCWtBBEtxDQEgDSAPQQpGaiENIA5BAWohDgwACwsCQAJAIA5BEmogAUkEQCAOLQASIQ8gD0EgRyAPQQlrQQRLcUUEQCAOKQMAIRIgDikDCCETIBJC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBJChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEIBNC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBNChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEhFBFDQIgDi0AEEEwayIUQQlLDQIgDi0AEUEwayIPQQlLDQIgEkKPnrz48OHDhw+DIhJCCn4gEkIIiHxC/4H8h/CfwP8AgyISQuQAfiASQhCIfEL//4OA8P8/gyISQpDOAH4gEkIgiHxC/////w+DQoDIr6AlfiATQo+evPjw4cOHD4MiE0IKfiATQgiIfEL/gfyH8J/A/wCDIhNC5AB+IBNCEIh8Qv//g4Dw/z+DIhNCkM4AfiATQiCIfEL/////D4NC5AB+fCAUQQpsIA9qrXwhESAOQRJqIQ4MAwsLIA5BEWogAUkEQCAOLQARIQ8gD0EgRyAPQQlrQQRLcUUEQCAOKQMAIRIgDikDCCETIBJC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBJChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEIBNC8OHDh4+evPhwg0Kw4MCBg4aMmDCFIBNChoyYsODAgYMGfELw4cOHj568+HCDQrDgwIGDhoyYMIWEhFBFDQIgDi0AEEEwayIUQQlLDQIgEkKPnrz48OHDhw+DIhJCCn4gEkIIiHxC/4H8h/CfwP8AgyISQuQAfiASQhCIfEL//4OA8P8/gyISQpDOAH4gEkIgiHxC/////w+DQoCU69wDfiATQo+evPjw4cOHD4MiE0IKfiATQgiIfEL/gfyH8J/A/wCDIhNC5AB+IBNCEIh8Qv//g4Dw/z+DIhNCkM4AfiATQiCIfEL/////D4NCCn58IBStfCERIA5BEWohDgwDCwsLIA4hEEIAIRECQANAIA4tAABBMGsiD0EJSw0BIBFCCn4gD618IREgDkEBaiEODAALCyAOIBBrQQFrQRNPDQILIBFQDQEgCiARVA0BIA4gAU8EQCACRQ0CBSAOLQAAIQ8gD0EgRyAPQQlrQQRLcQ0CCyARIBVRDQEgDiEAIAwgDWohDCAIIAcgC2oiF0EEdGogFTcDACAIIBdBBHRqIBE3AwggCSAXQQJ0aiAWNgIAIAtBAWohCwwACwsgBSAANgIAIAUgDDYCBCAFIAQ2AgggCwtFAgF/AX8gASEGAkADQCAGIAJPDQEgBSAAIAZBA3RqKQMAIAR+IAOIp0ECdGoiByAHKAIAQQFqNgIAIAZBAWohBgwACwsLawQBfwF/AX8BfiABIQgCQANAIAggAk8NASAAIAhBA3RqKQMAIQsgBSALIAR+IAOIp0ECdGoiCSgCACEKIAkgCkEBajYCACAGIApBA3RqIAs3AwAgByAKQQJ0aiAINgIAIAhBAWohCAwACwsL0AEEAX8BfgF/AX8gACEIAkADQCAIIAFPDQEgAyAIQQN0aikDACIJQgJYBEAgByAEIAhBAnRqKAIAQQJ0akEAIAmnazYCAAUgCSACfkIgiKcgBnEhCgJAA0AgBSAKQQJ0aigCACILRQRAIAUgCkECdGogCEEBajYCAAwCCyADIAtBA3RqQQhrKQMAIAlRBEAgByAEIAhBAnRqKAIAQQJ0aiAEIAtBAnRqQQRrKAIAQQFqNgIADAILIApBAWogBnEhCgwACwsLIAhBAWohCAwACwsLbAMBfwF/AX8gASEEAkADQCAEIAJPDQEgACAEQQJ0aiIFKAIAIgZBAEoEQCAFIAAgBkECdGpBBGsoAgA2AgAFIAZFBEAgBSADNgIAIANBAWohAwUgBUF/IAZrNgIACwsgBEEBaiEEDAALCyADC7oCCQF/AX8BfwF/AX8BfwF/AX8BfyACIQYCQANAIAYgA08NASABIAZBAnRqIgkoAgAhByAJKAIEIQggByEJAkADQCAAIAlBAnRqKAIAIgtBAEgEQCALIQ0MAgsgACALQQJ0aigCACIMQQBIBEAgCyEJIAwhDQwCCyAAIAlBAnRqIAw2AgAgDCEJDAALCyAIIQoCQANAIAAgCkECdGooAgAiC0EASARAIAshDgwCCyAAIAtBAnRqKAIAIgxBAEgEQCALIQogDCEODAILIAAgCkECdGogDDYCACAMIQoMAAsLIAkgCkYEQCAEIAVBAnRqIAZBAXY2AgAgBUEBaiEFBSAAIAogCSANIA5MIgsbQQJ0aiAJIAogCxsiCzYCACAAIAtBAnRqIA0gDmo2AgALIAZBAmohBgwACwsgBQv3Fy4BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX4BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF7AXsBeyAAKAIAIQEgACgCBCECIAAoAgghAyAAKAIMIQQgACgCECEFIAAoAhQhBiAAKAIYIQcgACgCHCEIIAAoAiAhCSAAKAIkIQogACgCKCELIAAoAiwhDCAAKAIwIQ0gACgCNCEOIAAoAjghDyAAKAI8IRAgACgCQCERIAApA0ghEgJAA0AgASACSg0BIAEgDkwEQCANIAFBAnRqKAIABEAgBCABNgIACwtBACETAkADQCATIAxODQEgASALIBNBAnRqKAIAayIUQQFOBEAgBCADIBRBAnRqKAIAQQJ0aiABNgIACyATQQFqIRMMAAsLQQAhEwJAA0AgEyAKTg0BIAEgCSATQQJ0aigCAGshFCAFISggBSAGQQN0aiEpIAMgFEECdGohKiApQQhrISMCQANAICggI08NASAoKAIIIhYgFE4NASAEICgoAgwgKiAWQQJ0aygCAHNBAnRqIAE2AgAgBCAoKAIEICogKCgCAEECdGsoAgBzQQJ0aiABNgIAIChBEGohKAwACwsCQANAICggKU8NASAoKAIAIhYgFE4NASAEICgoAgQgKiAWQQJ0aygCAHNBAnRqIAE2AgAgKEEIaiEoDAALCyATQQFqIRMMAAsLIBIgBiAKbK18IRJBACEVAkADQCAIIBVBAnRqKAIAIRcgBCAXQQJ0aigCACABRw0BIBVBAWohFQwACwtBACEYAkADQCAHIBhBAnRqKAIAIRkgBCAZQQJ0aigCACABRw0BIBhBAWohGAwACwsgGSAXSARAIAEgCSgCAGtBAXUhGiAPIBpBAWogDyAaQQFqSBshG0EBIRwgGyEdQQEhHkEAIR8CQANAIBkgF04NASAcIBtIIB0gGkxyRQ0BIBwgG04EQEEBIR4FIB0gGkoEQEEAIR4LCyAdIBwgHhshICAaIBtBAWsgHhsiISAgQT9qIiMgISAjSBshIQJAICEgIGtBAWohIiAgIRYgCkEBRgRAIAEgCSgCAGshJQJAA0ACQANAIBZBA2ogIUoNASADIBZBAnRq/QAEACADICUgFmtBA2tBAnRq/QAEACIsICz9DQwNDg8ICQoLBAUGBwABAgP9USIsIBn9Ef03/VMNASAEICz9GwBBAnRqIAE2AgAgBCAs/RsBQQJ0aiABNgIAIAQgLP0bAkECdGogATYCACAEICz9GwNBAnRqIAE2AgAgFkEEaiEWDAALCyAWQQRqISsCQANAIBYgIUoNAyAWICtODQECQCAlIRQgAyAWQQJ0aigCACADIBQgFmtBAnRqKAIAcyEjIAQgI0ECdGogATYCACAjIBlGBEACQANAIAcgGEECdGooAgAhGSAEIBlBAnRqKAIAIAFHDQEgGEEBaiEYDAALCyAZIBdKBEAgFiAga0EBaiEiDAgLCwsgFkEBaiEWDAALCwwACwsFIApBAkYEQCABIAkoAgBrISUgASAJKAIEayEmAkADQAJAA0AgFkEDaiAhSg0BIBZBA2pBAXQgJkoNASADIBZBAnRq/QAEACADICUgFmtBA2tBAnRq/QAEACIsICz9DQwNDg8ICQoLBAUGBwABAgP9USIsIBn9Ef03IAMgFkECdGr9AAQAIAMgJiAWa0EDa0ECdGr9AAQAIi0gLf0NDA0ODwgJCgsEBQYHAAECA/1RIi0gGf0R/Tf9UP1TDQEgBCAs/RsAQQJ0aiABNgIAIAQgLP0bAUECdGogATYCACAEICz9GwJBAnRqIAE2AgAgBCAs/RsDQQJ0aiABNgIAIAQgLf0bAEECdGogATYCACAEIC39GwFBAnRqIAE2AgAgBCAt/RsCQQJ0aiABNgIAIAQgLf0bA0ECdGogATYCACAWQQRqIRYMAAsLIBZBBGohKwJAA0AgFiAhSg0DIBYgK04NAQJAICUhFCADIBZBAnRqKAIAIAMgFCAWa0ECdGooAgBzISMgBCAjQQJ0aiABNgIAICMgGUYEQAJAA0AgByAYQQJ0aigCACEZIAQgGUECdGooAgAgAUcNASAYQQFqIRgMAAsLIBkgF0oEQCAWICBrQQFqISIMCQsLICYgFkEBdEgNACAmIRQgAyAWQQJ0aigCACADIBQgFmtBAnRqKAIAcyEjIAQgI0ECdGogATYCACAjIBlGBEACQANAIAcgGEECdGooAgAhGSAEIBlBAnRqKAIAIAFHDQEgGEEBaiEYDAALCyAZIBdKBEAgFiAga0EBaiEiDAkLCwsgFkEBaiEWDAALCwwACwsFIApBA0YEQCABIAkoAgBrISUgASAJKAIEayEmIAEgCSgCCGshJwJAA0ACQANAIBZBA2ogIUoNASAWQQNqQQF0ICdKDQEgAyAWQQJ0av0ABAAgAyAlIBZrQQNrQQJ0av0ABAAiLCAs/Q0MDQ4PCAkKCwQFBgcAAQID/VEiLCAZ/RH9NyADIBZBAnRq/QAEACADICYgFmtBA2tBAnRq/QAEACItIC39DQwNDg8ICQoLBAUGBwABAgP9USItIBn9Ef03/VAgAyAWQQJ0av0ABAAgAyAnIBZrQQNrQQJ0av0ABAAiLiAu/Q0MDQ4PCAkKCwQFBgcAAQID/VEiLiAZ/RH9N/1Q/VMNASAEICz9GwBBAnRqIAE2AgAgBCAs/RsBQQJ0aiABNgIAIAQgLP0bAkECdGogATYCACAEICz9GwNBAnRqIAE2AgAgBCAt/RsAQQJ0aiABNgIAIAQgLf0bAUECdGogATYCACAEIC39GwJBAnRqIAE2AgAgBCAt/RsDQQJ0aiABNgIAIAQgLv0bAEECdGogATYCACAEIC79GwFBAnRqIAE2AgAgBCAu/RsCQQJ0aiABNgIAIAQgLv0bA0ECdGogATYCACAWQQRqIRYMAAsLIBZBBGohKwJAA0AgFiAhSg0DIBYgK04NAQJAICUhFCADIBZBAnRqKAIAIAMgFCAWa0ECdGooAgBzISMgBCAjQQJ0aiABNgIAICMgGUYEQAJAA0AgByAYQQJ0aigCACEZIAQgGUECdGooAgAgAUcNASAYQQFqIRgMAAsLIBkgF0oEQCAWICBrQQFqISIMCgsLICYgFkEBdEgNACAmIRQgAyAWQQJ0aigCACADIBQgFmtBAnRqKAIAcyEjIAQgI0ECdGogATYCACAjIBlGBEACQANAIAcgGEECdGooAgAhGSAEIBlBAnRqKAIAIAFHDQEgGEEBaiEYDAALCyAZIBdKBEAgFiAga0EBaiEiDAoLCyAnIBZBAXRIDQAgJyEUIAMgFkECdGooAgAgAyAUIBZrQQJ0aigCAHMhIyAEICNBAnRqIAE2AgAgIyAZRgRAAkADQCAHIBhBAnRqKAIAIRkgBCAZQQJ0aigCACABRw0BIBhBAWohGAwACwsgGSAXSgRAIBYgIGtBAWohIgwKCwsLIBZBAWohFgwACwsMAAsLBQJAA0AgFiAhSg0BQQAhEwJAA0AgEyAKTg0BIAEgCSATQQJ0aigCAGsiFCAWQQF0SA0BIAMgFkECdGooAgAgAyAUIBZrQQJ0aigCAHMhIyAEICNBAnRqIAE2AgAgIyAZRgRAAkADQCAHIBhBAnRqKAIAIRkgBCAZQQJ0aigCACABRw0BIBhBAWohGAwACwsgGSAXSgRAIBYgIGtBAWohIgwJCwsgE0EBaiETDAALCyAWQQFqIRYMAAsLCwsLCyAfICJqIR8CQANAIAcgGEECdGooAgAhGSAEIBlBAnRqKAIAIAFHDQEgGEEBaiEYDAALCyAeBEAgHSAiaiEdIBkgF0oEQCAdQYECayIjQQEgI0EBShshDwsFIBwgImohHAsgHkUhHgwACwsgEiAfIApsrXwhEgsgGSAXIBkgF0gbISQgGSAXSARAIAUgBkEDdGoiKCABNgIAICggJDYCBCAGQQFqIQYLIAMgAUECdGogJDYCACABQQFqIQEgJCAQTg0BDAALCyAAIAY2AhQgACAPNgI4IAAgEjcDSCABC4MKLgF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfgF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AX8BfwF/AXsBewF7IAAoAgAhASAAKAIEIQIgACgCCCEDIAAoAgwhBCAAKAIQIQUgACgCFCEGIAAoAhghByAAKAIcIQggACgCICEJIAAoAiQhCiAAKAIoIQsgACgCLCEMIAAoAjAhDSAAKAI0IQ4gACgCOCEPIAAoAjwhECAAKAJAIREgACkDSCESAkADQCABIAJKDQEgASAOTARAIA0gAUECdGooAgAEQCAEIAE2AgALC0EAIRMCQANAIBMgDE4NASABIAsgE0ECdGooAgBrIhRBAU4EQCAEIAMgFEECdGooAgBBAnRqIAE2AgALIBNBAWohEwwACwsgASAJKAIAa0EHdUEgaiEaQQAhEwJAA0AgEyAKTg0BIAEgCSATQQJ0aigCAGshFEEBIRYgFEEBdSIhIBogISAaSBshIQJAA0AgFkEDaiAhSg0BIAMgFkECdGr9AAQAIAMgFCAWa0EDa0ECdGr9AAQAIiwgLP0NDA0ODwgJCgsEBQYHAAECA/1RIiwaIAQgLP0bAEECdGogATYCACAEICz9GwFBAnRqIAE2AgAgBCAs/RsCQQJ0aiABNgIAIAQgLP0bA0ECdGogATYCACAWQQRqIRYMAAsLAkADQCAWICFKDQEgBCADIBZBAnRqKAIAIAMgFCAWa0ECdGooAgBzQQJ0aiABNgIAIBZBAWohFgwACwsgE0EBaiETDAALC0EAISQCQANAIAQgJEECdGooAgAgAUcNASAkQQFqISQMAAsLICQhGSAk/REhLUEBISICQCAcQQBIDQBBACETAkADQCATIApODQEgASAJIBNBAnRqKAIAayEUIBpBAWohFiAUQQF1ISECQANAIBZBA2ogIUoNASADIBZBAnRq/QAEACADIBQgFmtBA2tBAnRq/QAEACIsICz9DQwNDg8ICQoLBAUGBwABAgP9USIsIC39N/1TDQQgFkEEaiEWDAALCwJAA0AgFiAhSg0BIAMgFkECdGooAgAgAyAUIBZrQQJ0aigCAHMgJEYNBCAWQQFqIRYMAAsLIBNBAWohEwwACwtBACEiCyAiBEBBACETAkADQCATIApODQEgASAJIBNBAnRqKAIAayEUIBpBAWohFiAUQQF1ISECQANAIBZBA2ogIUoNASADIBZBAnRq/QAEACADIBQgFmtBA2tBAnRq/QAEACIsICz9DQwNDg8ICQoLBAUGBwABAgP9USIsGiAEICz9GwBBAnRqIAE2AgAgBCAs/RsBQQJ0aiABNgIAIAQgLP0bAkECdGogATYCACAEICz9GwNBAnRqIAE2AgAgFkEEaiEWDAALCwJAA0AgFiAhSg0BIAQgAyAWQQJ0aigCACADIBQgFmtBAnRqKAIAc0ECdGogATYCACAWQQFqIRYMAAsLIBNBAWohEwwACwsCQANAIAQgJEECdGooAgAgAUcNASAkQQFqISQMAAsLCyAkIBlGBEAgHEEBaiIcQQggHEEISBshHAUgHEECayIcQXAgHEFwShshHAsgEiABQQF2IApsrXwhEiADIAFBAnRqICQ2AgAgAUEBaiEBICQgEE4NAQwACwsgACAGNgIUIAAgDzYCOCAAIBI3A0ggAQs=';

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
  partisanRun(
    inAt: number,
    inEnd: number,
    eof: number,
    maxTests: number,
    outAt: number,
    stateAt: number,
    slotsAt: number,
    poolAt: number,
    poolUsed: number,
    poolEnd: number,
  ): number;
  seagmClasses(
    primesAt: number,
    primeStartAt: number,
    primeIdAt: number,
    primeCountsAt: number,
    multAt: number,
    from: number,
    to: number,
    classOfAt: number,
    radicalAt: number,
    classCountAt: number,
    classStartAt: number,
    classPrimesAt: number,
    classPrimeIdsAt: number,
    sharedNumberAt: number,
    tableAt: number,
    shift: number,
    scratchAt: number,
    stateAt: number,
  ): void;
  seagmCount(
    clsAt: number,
    placeAt: number,
    startAt: number,
    countAt: number,
    primesAt: number,
    from: number,
    to: number,
    slotsAt: number,
    mask: number,
    shift: number,
    usedAt: number,
    pendingAt: number,
    productsAt: number,
    stateAt: number,
    hold: number,
  ): void;
  seagmDrain(slotsAt: number, usedAt: number, fresh: number, byCountAt: number): void;
  magicJoin(
    inAt: number,
    inEnd: number,
    eof: number,
    maxPassages: number,
    outAt: number,
    stateAt: number,
    limit: number,
    line: number,
    first: number,
    linkAt: number,
    endsAt: number,
    linesAt: number,
    keysAt: number,
    shift: number,
  ): number;
  magicTally(linkAt: number, count: number, stateAt: number): void;
  magicBigRead(
    inAt: number,
    inEnd: number,
    eof: number,
    maxPassages: number,
    outAt: number,
    stateAt: number,
    line: number,
    first: number,
    roomsAt: number,
    linesAt: number,
    nMax: bigint,
  ): number;
  magicCount(roomsAt: number, from: number, to: number, shift: bigint, mix: bigint, countsAt: number): void;
  magicSpread(
    roomsAt: number,
    from: number,
    to: number,
    shift: bigint,
    mix: bigint,
    nextAt: number,
    partAt: number,
    atsAt: number,
  ): void;
  magicNumberBucket(
    from: number,
    to: number,
    mix: bigint,
    partAt: number,
    atsAt: number,
    tableAt: number,
    mask: number,
    endsAt: number,
  ): void;
  magicRenumber(endsAt: number, from: number, to: number, next: number): number;
  magicJoinRange(
    linkAt: number,
    endsAt: number,
    from: number,
    to: number,
    closingAt: number,
    count: number,
  ): number;
  octalSparse(headerAt: number): number;
  octalPlain(headerAt: number): number;
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
/** The compiled module: octal's loops get an instance of their own (see octalKernel). */
let kernelModule: object | undefined;

/** Node's Buffer, where there is one (the kernel itself needs only WebAssembly). */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array } }).Buffer;

/**
 * Base64 decoded by a plain loop, for a runtime without Node's Buffer (Uint8Array.from with a callback per byte
 * costs ~1 ms more, run cold).
 */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * KERNEL_WASM decoded: by Node's native base64 decoder where there is one (about 1 ms less at start-up than the
 * loop, which runs cold), else by `decodeBase64`.
 */
function kernelBytes(): Uint8Array {
  return nodeBuffer?.from(KERNEL_WASM, 'base64') ?? decodeBase64(KERNEL_WASM);
}

function wasmApi(): WasmApi {
  return (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
}

function compiledKernel(): object {
  kernelModule ??= new (wasmApi().Module)(kernelBytes());
  return kernelModule;
}

/** Compiled on first use (well under a millisecond), so importing the game costs nothing. */
function load(): KernelExports {
  if (kernel === undefined) {
    const k = new (wasmApi().Instance)(compiledKernel(), {}).exports as KernelExports;
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
  freeClaims++;
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
 * Counts the claims on the memory from `Area32.free` on (and the moves of that area): a MAGIC board kept there
 * across calls (magicKernelBoard) checks that nothing else has used it since.
 */
let freeClaims = 0;

/** area32, for a caller about to write from `free` on. */
function claimFree(): { k: KernelExports; a: Area32 } {
  freeClaims++;
  return area32();
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
  const { k, a } = claimFree();
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
  const { k, a } = claimFree();
  reserve(k, a.free + target.length);
  k.partisanValues(rule.aliceLo, rule.aliceHi, rule.bobLo, rule.bobHi, rule.width, target.length, a.free);
  target.set(new Uint8Array(k.memory.buffer, a.free, target.length));
}

/**
 * What a judge loop in the kernel (multiplicationRunKernel, abgameRunKernel, partisanRunKernel) read and answered;
 * for magicJoinKernel, the passages read (`tests`), with no text.
 */
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

/** Where a judge loop of the kernel works: its input, its answers, its state, room of its own. */
interface RunArea {
  readonly inAt: number;
  readonly inEnd: number;
  readonly outAt: number;
  readonly stateAt: number;
  readonly extraAt: number;
}

/**
 * Runs a judge loop of the kernel over a copy of `bytes`: `call` reads tests from [inAt, inEnd), writes their
 * answers from outAt on, and leaves at stateAt where it stopped reading, the newlines read and where it stopped
 * writing (and more of its own, up to 32 bytes). `outPerIn`: the most answer bytes per input byte; `extraBytes`:
 * room from extraAt on.
 */
function kernelRun(
  bytes: Uint8Array,
  outPerIn: number,
  extraBytes: number,
  call: (k: KernelExports, a: Area32, at: RunArea) => number,
): KernelRun {
  const { k, a } = claimFree();
  const stateAt = a.free;
  const inAt = stateAt + 32;
  const outAt = (inAt + bytes.length + 15) & ~15;
  const extraAt = (outAt + outPerIn * bytes.length + 16 + 15) & ~15;
  reserve(k, extraAt + extraBytes);
  new Uint8Array(k.memory.buffer, inAt, bytes.length).set(bytes);
  const tests = call(k, a, { inAt, inEnd: inAt + bytes.length, outAt, stateAt, extraAt });
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
  return kernelRun(bytes, 2, 0, (k, a, { inAt, inEnd, outAt, stateAt }) =>
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
  return kernelRun(bytes, 2, 0, (k, _a, { inAt, inEnd, outAt, stateAt }) =>
    k.abgameRun(inAt, inEnd, eof ? 1 : 0, maxBoards, outAt, stateAt),
  );
}

/** Pairs of move sets partisanRunKernel takes: every move from 1 to this. */
export const PARTISAN_KERNEL_MOVES = 5;
const PARTISAN_SLOTS = 1 << (2 * PARTISAN_KERNEL_MOVES);

/**
 * PartisanGame's tables for partisanRunKernel, kept here between its calls: per pair of move sets (Alice's
 * mask << 5 | Bob's) 1 + the table's offset in the pool (0: none yet), its pre-period and its period; the pool
 * holds A over each table's pre-period and one period, a byte per position.
 */
export class PartisanKernelTables {
  readonly slots = new Int32Array(3 * PARTISAN_SLOTS);
  pool = new Uint8Array(1 << 16);
  used = 0;
}

/**
 * PartisanGame's contest tests (`n k a_1..a_k m b_1..b_m`) from the start of `bytes`, read and answered (`Alice`
 * or `Bob`) in the kernel while each is plain: n a decimal of at most 19 digits up to 10^18, the counts and moves
 * of at most 3 digits, every move from 1 to PARTISAN_KERNEL_MOVES and distinct within its set, each token ended by
 * whitespace (or by the end of `bytes` when `eof`). Stops before the first test that is not, or after
 * `maxTests`; the caller reads that one the careful way. A pair's table is made on its first test, into
 * `tables` (the pool grows when a table does not fit: the run stops there, and the next call has room).
 */
export function partisanRunKernel(
  bytes: Uint8Array,
  eof: boolean,
  maxTests: number,
  tables: PartisanKernelTables,
): KernelRun {
  const slotBytes = tables.slots.byteLength;
  return kernelRun(bytes, 2, slotBytes + tables.pool.length, (k, _a, at) => {
    const poolAt = at.extraAt + slotBytes;
    const buffer = k.memory.buffer;
    new Int32Array(buffer, at.extraAt, tables.slots.length).set(tables.slots);
    new Uint8Array(buffer, poolAt, tables.used).set(tables.pool.subarray(0, tables.used));
    const tests = k.partisanRun(
      at.inAt,
      at.inEnd,
      eof ? 1 : 0,
      maxTests,
      at.outAt,
      at.stateAt,
      at.extraAt,
      poolAt,
      tables.used,
      poolAt + tables.pool.length,
    );
    const [used = 0, full = 0] = new Int32Array(buffer, at.stateAt + 12, 2);
    if (used > tables.used) {
      tables.slots.set(new Int32Array(buffer, at.extraAt, tables.slots.length));
      tables.pool.set(new Uint8Array(buffer, poolAt + tables.used, used - tables.used), tables.used);
      tables.used = used;
    }
    if (full === 1) {
      const pool = new Uint8Array(2 * tables.pool.length);
      pool.set(tables.pool.subarray(0, tables.used));
      tables.pool = pool;
    }
    return tests;
  });
}

/** SEAGM's classes of distinct values (classesOf in src/games/seagm/fast.ts, which says what each field holds). */
export interface SeagmClasses {
  readonly classOf: Int32Array;
  readonly classRadical: Int32Array;
  readonly classStart: Int32Array;
  readonly classPrimes: Int32Array;
  readonly classCount: Int32Array;
  readonly classPrimeIds: Int32Array;
  readonly primeIdCount: number;
  readonly subsetTotal: number;
}

/** Distinct values per seagmClasses call: small calls, so that V8 optimises it after the first few. */
const SEAGM_CLASS_CHUNK = 4096;

/**
 * classesOf in the kernel (seagmClasses): the distinct values' classes by the product of their shared primes,
 * given each value's multiplicity and its primes (`primes` from primeStart[i] to primeStart[i + 1], their ids at
 * primeIdAt, and per id the cards it divides, primeCounts). Copies, the caller's to keep.
 */
export function seagmClassesKernel(
  multiplicity: Int32Array,
  f: Readonly<Record<'primes' | 'primeStart' | 'primeIdAt' | 'primeCounts', Int32Array>>,
): SeagmClasses {
  const { k, a } = claimFree();
  const distinct = multiplicity.length;
  const end = f.primeStart[distinct] ?? 0;
  let cap = 1024;
  while (cap < 2 * distinct) cap *= 2;
  let free = (a.free + 15) & ~15;
  const place = (bytes: number): number => {
    const at = free;
    free = (free + bytes + 15) & ~15;
    return at;
  };
  const at = {
    primes: place(4 * f.primes.length),
    primeStart: place(4 * f.primeStart.length),
    primeIdAt: place(4 * f.primeIdAt.length),
    primeCounts: place(4 * f.primeCounts.length),
    mult: place(4 * distinct),
    classOf: place(4 * distinct),
    radical: place(4 * distinct),
    count: place(4 * distinct),
    start: place(4 * (distinct + 1)),
    classPrimes: place(4 * end),
    classPrimeIds: place(4 * end),
    sharedNumber: place(4 * f.primeCounts.length),
    table: place(8 * cap),
    scratch: place(4 * 18),
    state: place(16),
  };
  reserve(k, free);
  const buffer = k.memory.buffer;
  const copyIn = (array: Int32Array, to: number): void => new Int32Array(buffer, to, array.length).set(array);
  copyIn(f.primes, at.primes);
  copyIn(f.primeStart, at.primeStart);
  copyIn(f.primeIdAt, at.primeIdAt);
  copyIn(f.primeCounts, at.primeCounts);
  copyIn(multiplicity, at.mult);
  new Int32Array(buffer, at.count, distinct).fill(0);
  new Int32Array(buffer, at.start, 1)[0] = 0; // with no class, classStart is [0]
  new Int32Array(buffer, at.sharedNumber, f.primeCounts.length).fill(0);
  new Int32Array(buffer, at.table, 2 * cap).fill(0);
  const state = new Int32Array(buffer, at.state, 4).fill(0);
  const shift = 32 - Math.log2(cap);
  for (let from = 0; from < distinct; from += SEAGM_CLASS_CHUNK) {
    const to = Math.min(distinct, from + SEAGM_CLASS_CHUNK);
    k.seagmClasses(
      at.primes,
      at.primeStart,
      at.primeIdAt,
      at.primeCounts,
      at.mult,
      from,
      to,
      at.classOf,
      at.radical,
      at.count,
      at.start,
      at.classPrimes,
      at.classPrimeIds,
      at.sharedNumber,
      at.table,
      shift,
      at.scratch,
      at.state,
    );
  }
  const [classes = 0, classEnd = 0, subsetTotal = 0, primeIdCount = 0] = state;
  const copyOut = (from: number, length: number): Int32Array => new Int32Array(buffer, from, length).slice();
  return {
    classOf: copyOut(at.classOf, distinct),
    classRadical: copyOut(at.radical, classes),
    classStart: copyOut(at.start, classes + 1),
    classPrimes: copyOut(at.classPrimes, classEnd),
    classCount: copyOut(at.count, classes),
    classPrimeIds: copyOut(at.classPrimeIds, classEnd),
    primeIdCount,
    subsetTotal,
  };
}

/**
 * The arrays of SEAGM's per-prime pass (LargestPrimePass in src/games/seagm/lean.ts) in the kernel's memory: its
 * inputs copied in, and q's table and lists, with views for the caller, who reads and empties them between the
 * kernel's counts (seagmCountKernel). The views hold until another kernel call uses the same memory
 * (seagmCountKernel then throws).
 */
export interface SeagmPassArea {
  /** q's table: d' at 2i (0: empty), then (cards << 1) | (d' has an odd number of primes) at 2i + 1; all 0. */
  readonly slots: Int32Array<ArrayBuffer>;
  /** The slots filled for q, and (when held) the slot of each subset counted. */
  readonly used: Int32Array<ArrayBuffer>;
  readonly pending: Int32Array<ArrayBuffer>;
  /** Per number of cards c, the sum of -mu(d) over the d counted so far with c_d = c; all 0 at first. */
  readonly byCount: Int32Array<ArrayBuffer>;
  /** How many of `used` and `pending` are listed. */
  fresh: number;
  held: number;
  /** fresh and held as the kernel reads and writes them. */
  readonly state: Int32Array<ArrayBuffer>;
  readonly claim: number;
  /** Where each array starts in the kernel's memory. */
  readonly at: Readonly<Record<SeagmPassInput | SeagmPassOwn, number>>;
}

/** The arrays a SeagmPassArea copies in, and those it holds of its own. */
type SeagmPassInput = 'cls' | 'place' | 'start' | 'count' | 'primes';
type SeagmPassOwn = 'slots' | 'used' | 'pending' | 'products' | 'state' | 'byCount';

/**
 * A SeagmPassArea for the classes' prime lists (`cls`, `place`: per prime, its classes and its place among their
 * primes; `start`, `count`, `primes`: per class, where its primes start, its cards, and the primes), with a table
 * of `slots` slots (a power of two) and lists of `listLength`.
 */
export function seagmPassArea(
  inputs: Readonly<Record<SeagmPassInput, Int32Array>>,
  slots: number,
  listLength: number,
  cards: number,
): SeagmPassArea {
  const { k, a } = claimFree();
  let free = (a.free + 15) & ~15;
  const place = (bytes: number): number => {
    const at = free;
    free = (free + bytes + 15) & ~15;
    return at;
  };
  const at = {
    cls: place(4 * inputs.cls.length),
    place: place(4 * inputs.place.length),
    start: place(4 * inputs.start.length),
    count: place(4 * inputs.count.length),
    primes: place(4 * inputs.primes.length),
    slots: place(8 * slots),
    used: place(4 * listLength),
    pending: place(4 * listLength),
    products: place(4 << 9),
    state: place(8),
    byCount: place(4 * (cards + 1)),
  };
  reserve(k, free);
  const buffer = k.memory.buffer;
  for (const name of ['cls', 'place', 'start', 'count', 'primes'] as const) {
    new Int32Array(buffer, at[name], inputs[name].length).set(inputs[name]);
  }
  return {
    slots: new Int32Array(buffer, at.slots, 2 * slots).fill(0),
    used: new Int32Array(buffer, at.used, listLength),
    pending: new Int32Array(buffer, at.pending, listLength),
    byCount: new Int32Array(buffer, at.byCount, cards + 1).fill(0),
    fresh: 0,
    held: 0,
    state: new Int32Array(buffer, at.state, 2),
    claim: freeClaims,
    at,
  };
}

/**
 * LargestPrimePass.count in the kernel: the subsets d' > 1 of the primes below q of the classes listed at
 * [from, to) counted in the area's table (of mask + 1 slots; a slot is a hash shifted right by `shift`), each slot
 * filled for the first time listed in `used` and, with `hold`, every subset's slot in `pending` (area.fresh and
 * area.held move on).
 */
export function seagmCountKernel(
  area: SeagmPassArea,
  from: number,
  to: number,
  mask: number,
  shift: number,
  hold: boolean,
): void {
  const k = load();
  if (area.claim !== freeClaims)
    throw new Error('another kernel call has used the memory of this SEAGM pass');
  const { at, state } = area;
  state[0] = area.fresh;
  state[1] = area.held;
  k.seagmCount(
    at.cls,
    at.place,
    at.start,
    at.count,
    at.primes,
    from,
    to,
    at.slots,
    mask,
    shift,
    at.used,
    at.pending,
    at.products,
    at.state,
    hold ? 1 : 0,
  );
  area.fresh = state[0] ?? 0;
  area.held = state[1] ?? 0;
}

/**
 * LargestPrimePass.drain in the kernel, but for `all`: the d' of the `area.fresh` slots listed in `used` counted
 * in `byCount`, and those slots emptied.
 */
export function seagmDrainKernel(area: SeagmPassArea): void {
  const k = load();
  if (area.claim !== freeClaims)
    throw new Error('another kernel call has used the memory of this SEAGM pass');
  const { at } = area;
  k.seagmDrain(at.slots, at.used, area.fresh, at.byCount);
}

/** The most input bytes one magicJoinKernel call takes (KernelStretches hands it at most its MAX_STRETCH). */
export const MAGIC_STRETCH_BYTES = 1 << 20;

/**
 * A MAGIC board whose rooms are their own ids (n rooms, ids 0 .. n - 1, n <= 2^16) and m passages, laid out in
 * the kernel's memory for magicJoinKernel, with views for the caller: it reads the passages the kernel leaves
 * (a token across a block border, a mistake) into `ends` and `lines` and joins them in `link` and `keys` as
 * the kernel does (joinPassage in src/games/magic/judge.ts). The views hold until the next board, or until another
 * kernel call uses the same memory (magicJoinKernel then throws).
 */
export interface MagicKernelBoard {
  /** A DisjointSets' links, all -1 (n one-room sets). */
  readonly link: Int32Array<ArrayBuffer>;
  /** Per passage, its two ids (room - 1), and the line of its first room. */
  readonly ends: Int32Array<ArrayBuffer>;
  readonly lines: Int32Array<ArrayBuffer>;
  /** An open-addressing set of the pairs' keys (smaller id << 16 | larger id; 0: an empty slot), all 0. */
  readonly keys: Int32Array<ArrayBuffer>;
  /** 32 minus log2 of the set's size: a key's hash shifted right by it is a slot. */
  readonly shift: number;
  /** Passages read so far, by the kernel or by the caller (who moves it on past each one it reads). */
  read: number;
  /** The first passage the kernel found already in `keys`, or -1. */
  repeat: number;
  readonly claim: number;
  readonly linkAt: number;
  readonly endsAt: number;
  readonly linesAt: number;
  readonly keysAt: number;
  readonly stateAt: number;
  readonly inAt: number;
}

export function magicKernelBoard(n: number, m: number): MagicKernelBoard {
  if (n > 1 << 16) throw new Error(`a MAGIC board in the kernel has at most 2^16 rooms, not ${n}`);
  let bits = 4;
  // Stryker disable next-line EqualityOperator: a set twice as large finds the same repeats
  while (1 << bits < 2 * m) bits++;
  const { k, a } = claimFree();
  // Stryker disable next-line ArithmeticOperator: only alignment: 15 bytes lower lie in the 32-bit area's scratch output, which no call uses while a board is read
  const linkAt = (a.free + 15) & ~15;
  const endsAt = (linkAt + 4 * n + 15) & ~15;
  const linesAt = endsAt + 8 * m;
  const keysAt = (linesAt + 4 * m + 15) & ~15;
  const stateAt = keysAt + 4 * (1 << bits);
  const inAt = stateAt + 32;
  // Stryker disable next-line ArithmeticOperator: 2 bytes fewer matter only when a page of 64 KB ends among them and a stretch is the longest
  reserve(k, inAt + MAGIC_STRETCH_BYTES + 1);
  const buffer = k.memory.buffer;
  return {
    link: new Int32Array(buffer, linkAt, n).fill(-1),
    ends: new Int32Array(buffer, endsAt, 2 * m),
    lines: new Int32Array(buffer, linesAt, m),
    keys: new Int32Array(buffer, keysAt, 1 << bits).fill(0),
    shift: 32 - bits,
    read: 0,
    repeat: -1,
    claim: freeClaims,
    linkAt,
    endsAt,
    linesAt,
    keysAt,
    stateAt,
    inAt,
  };
}

/**
 * The board's passages from `board.read` on, read from the start of `bytes` (`line`: the line there), joined
 * and entered in the kernel while each is plain: both rooms decimals of 1 to 15 digits from 1 to n, different,
 * the second ended by whitespace (or by the end of `bytes` when `eof`). Stops before the first passage that is
 * not, or after `maxPassages`; the caller reads that one the careful way. Moves `board.read` on, and sets
 * `board.repeat` at the first repeated pair it meets while none is set.
 */
export function magicJoinKernel(
  board: MagicKernelBoard,
  bytes: Uint8Array,
  eof: boolean,
  maxPassages: number,
  line: number,
): KernelRun {
  const k = load();
  if (board.claim !== freeClaims)
    throw new Error('another kernel call has used the memory of this MAGIC board');
  if (bytes.length > MAGIC_STRETCH_BYTES) throw new Error(`at most ${MAGIC_STRETCH_BYTES} bytes per call`);
  const buffer = k.memory.buffer;
  const input = new Uint8Array(buffer, board.inAt, bytes.length + 1);
  input.set(bytes);
  input[bytes.length] = 0; // the kernel's scans stop at it
  const passages = k.magicJoin(
    board.inAt,
    board.inAt + bytes.length,
    eof ? 1 : 0,
    maxPassages,
    0,
    board.stateAt,
    board.link.length,
    line,
    board.read,
    board.linkAt,
    board.endsAt,
    board.linesAt,
    board.keysAt,
    board.shift,
  );
  const [readTo = board.inAt, newlines = 0, , repeat = 0] = new Int32Array(buffer, board.stateAt, 4);
  // Stryker disable next-line EqualityOperator,ConditionalExpression: taking repeat 0 (none) too would set -1 over -1
  if (board.repeat < 0 && repeat > 0) board.repeat = repeat - 1;
  board.read += passages;
  return { tests: passages, consumed: readTo - board.inAt, newlines, text: '' };
}

/**
 * The board's sets counted (after its passages are joined): how many have an odd size, how many an even one,
 * and the room pairs inside them, C(s, 2) summed.
 */
export function magicTallyKernel(board: MagicKernelBoard): {
  oddTouched: number;
  evenTouched: number;
  pairs: number;
} {
  const k = load();
  if (board.claim !== freeClaims)
    throw new Error('another kernel call has used the memory of this MAGIC board');
  k.magicTally(board.linkAt, board.link.length, board.stateAt);
  const [oddTouched = 0, evenTouched = 0, pairs = 0] = new Int32Array(k.memory.buffer, board.stateAt, 3);
  return { oddTouched, evenTouched, pairs };
}

/**
 * A MAGIC board of more than 2^16 rooms (rooms up to 10^18) with m passages, laid out in the kernel's memory
 * for magicBigReadKernel and magicNumberKernel, with views for the caller: it writes the passages the kernel
 * leaves (a token across a block border, a loop, a mistake) into `rooms` and `lines` itself. The views hold
 * until another kernel call uses the same memory (the kernel functions then throw; `current` says whether they
 * still hold).
 */
export interface MagicBigBoard {
  /** Per passage i, its two rooms as read, at 2i and 2i + 1. */
  readonly rooms: BigUint64Array<ArrayBuffer>;
  /** Per passage, the line of its first room. */
  readonly lines: Int32Array<ArrayBuffer>;
  /** Passages read so far, by the kernel or by the caller (who moves it on past each one it reads). */
  read: number;
  readonly nMax: bigint;
  readonly claim: number;
  readonly roomsAt: number;
  readonly linesAt: number;
  readonly endsAt: number;
  readonly partAt: number;
  readonly atsAt: number;
  readonly startsAt: number;
  readonly nextAt: number;
  readonly tableAt: number;
  readonly stateAt: number;
  readonly inAt: number;
}

/** Buckets magicNumber spreads the rooms over: 2^bits, about 4,096 rooms each, between 2 and 1,024. */
function magicBuckets(count: number): number {
  return Math.min(10, Math.max(1, Math.ceil(Math.log2(count / 4096))));
}

/** The smallest power of two at least `n` (n >= 1). */
function powerAtLeast(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/** A MAGIC board of up to nMax rooms (at most 10^18) and m passages, in the kernel's memory. */
export function magicBigBoard(nMax: bigint, m: number): MagicBigBoard {
  const count = 2 * m;
  const buckets = 1 << magicBuckets(count);
  const { k, a } = claimFree();
  const roomsAt = (a.free + 15) & ~15;
  const partAt = roomsAt + 8 * count;
  // After numbering, the links of the sets (up to count + 2 ids) take partAt's place.
  const endsAt = partAt + Math.max(8 * count, (4 * (count + 2) + 15) & ~15);
  const atsAt = endsAt + 4 * count;
  const linesAt = atsAt + 4 * count;
  const startsAt = (linesAt + 4 * m + 15) & ~15;
  const nextAt = startsAt + 4 * (buckets + 1);
  const tableAt = (nextAt + 4 * buckets + 15) & ~15;
  // One bucket may hold every room: its table then has 2 * count slots, rounded up to a power of two.
  const stateAt = tableAt + 4 * Math.max(16, powerAtLeast(2 * count));
  const inAt = stateAt + 32;
  // The byte after a stretch is 0, and the eight-digit reads may look up to 18 bytes past it.
  reserve(k, inAt + MAGIC_STRETCH_BYTES + 32);
  const buffer = k.memory.buffer;
  return {
    rooms: new BigUint64Array(buffer, roomsAt, count),
    lines: new Int32Array(buffer, linesAt, m),
    read: 0,
    nMax,
    claim: freeClaims,
    roomsAt,
    linesAt,
    endsAt,
    partAt,
    atsAt,
    startsAt,
    nextAt,
    tableAt,
    stateAt,
    inAt,
  };
}

/** Whether the board's memory and views still hold (no other kernel call has used that memory since). */
export function magicBigBoardHolds(board: MagicBigBoard): boolean {
  return board.claim === freeClaims;
}

function checkBigBoard(board: MagicBigBoard): KernelExports {
  const k = load();
  if (board.claim !== freeClaims)
    throw new Error('another kernel call has used the memory of this MAGIC board');
  return k;
}

/**
 * The board's passages from `board.read` on, read from the start of `bytes` (`line`: the line there) into
 * `rooms` and `lines` while each is plain: both rooms decimals of 1 to 19 digits from 1 to nMax, different,
 * the second ended by whitespace (or by the end of `bytes` when `eof`). Stops before the first passage that is
 * not, or after `maxPassages`; the caller reads that one the careful way. Moves `board.read` on.
 */
export function magicBigReadKernel(
  board: MagicBigBoard,
  bytes: Uint8Array,
  eof: boolean,
  maxPassages: number,
  line: number,
): KernelRun {
  const k = checkBigBoard(board);
  if (bytes.length > MAGIC_STRETCH_BYTES) throw new Error(`at most ${MAGIC_STRETCH_BYTES} bytes per call`);
  const buffer = k.memory.buffer;
  const input = new Uint8Array(buffer, board.inAt, bytes.length + 1);
  input.set(bytes);
  input[bytes.length] = 0; // the kernel's scans stop at it
  const most = Math.min(maxPassages, board.lines.length - board.read);
  const passages = k.magicBigRead(
    board.inAt,
    board.inAt + bytes.length,
    eof ? 1 : 0,
    most,
    0,
    board.stateAt,
    line,
    board.read,
    board.roomsAt,
    board.linesAt,
    board.nMax,
  );
  const [readTo = board.inAt, newlines = 0] = new Int32Array(buffer, board.stateAt, 2);
  board.read += passages;
  return { tests: passages, consumed: readTo - board.inAt, newlines, text: '' };
}

/** Rooms per call of magicCount, magicSpread and magicRenumber (see magicNumber in scripts/u64-kernel-source.ts). */
const MAGIC_ROOM_CHUNK = 1 << 14;

/**
 * Dense ids for the board's rooms, one per position (2i and 2i + 1 for passage i): equal rooms get equal ids,
 * rooms 1 and 2 get ids 0 and 1, the others 2, 3, ... in order of first sight; and how many ids there are.
 * `ends` is a view into the kernel's memory, valid until its next call (magicJoinBigKernel reads it).
 */
export function magicNumberKernel(board: MagicBigBoard): { ends: Int32Array; size: number } {
  const k = checkBigBoard(board);
  const count = board.rooms.length;
  const bits = magicBuckets(count);
  const buckets = 1 << bits;
  const shift = BigInt(64 - bits);
  // An odd multiplier of 64 random bits: where the rooms land cannot be aimed at.
  const high = Math.floor(Math.random() * 2 ** 32);
  const low = (Math.floor(Math.random() * 2 ** 32) | 1) >>> 0;
  const mix = BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low));
  const { roomsAt, startsAt, nextAt, partAt, atsAt, tableAt, endsAt } = board;
  const buffer = k.memory.buffer;
  const starts = new Int32Array(buffer, startsAt, buckets + 1).fill(0);
  const chunks = (step: (from: number, to: number) => void): void => {
    for (let from = 0; from < count; from += MAGIC_ROOM_CHUNK)
      step(from, Math.min(count, from + MAGIC_ROOM_CHUNK));
  };
  chunks((from, to) => k.magicCount(roomsAt, from, to, shift, mix, startsAt + 4));
  for (let b = 0; b < buckets; b++) starts[b + 1] = (starts[b + 1] ?? 0) + (starts[b] ?? 0);
  new Int32Array(buffer, nextAt, buckets).set(starts.subarray(0, buckets));
  chunks((from, to) => k.magicSpread(roomsAt, from, to, shift, mix, nextAt, partAt, atsAt));
  const ends = new Int32Array(buffer, endsAt, count).fill(0);
  const table = new Int32Array(buffer, tableAt, Math.max(16, powerAtLeast(2 * count)));
  for (let b = 0; b < buckets; b++) {
    const from = starts[b] ?? 0;
    const to = starts[b + 1] ?? 0;
    const mask = Math.max(16, powerAtLeast(2 * (to - from))) - 1;
    table.fill(0, 0, mask + 1);
    k.magicNumberBucket(from, to, mix, partAt, atsAt, tableAt, mask, endsAt);
  }
  let size = 2;
  chunks((from, to) => {
    size = k.magicRenumber(endsAt, from, to, size);
  });
  return { ends, size };
}

/** Ends per call of magicJoinRange (see magicNumber in scripts/u64-kernel-source.ts). */
const MAGIC_JOIN_CHUNK = 1 << 13;

/**
 * The board's passages joined (after magicNumberKernel gave `size` ids): the links of a DisjointSets over the
 * ids (a root holds minus its set's size), and the passages that joined nothing new (their rooms were already
 * connected), in order, as joinPassages in src/games/magic/dsu.ts returns them. Views into the kernel's memory,
 * valid until its next call.
 */
export function magicJoinBigKernel(
  board: MagicBigBoard,
  size: number,
): { link: Int32Array; closing: Int32Array } {
  const k = checkBigBoard(board);
  const count = board.rooms.length;
  const buffer = k.memory.buffer;
  const link = new Int32Array(buffer, board.partAt, size).fill(-1);
  let closed = 0;
  for (let from = 0; from < count; from += MAGIC_JOIN_CHUNK) {
    const to = Math.min(count, from + MAGIC_JOIN_CHUNK);
    closed = k.magicJoinRange(board.partAt, board.endsAt, from, to, board.atsAt, closed);
  }
  return { link, closing: new Int32Array(buffer, board.atsAt, closed) };
}

/** Splits one walk looks at before handing over to the other (see octalSparse in scripts/u64-kernel-source.ts). */
export const OCTAL_WALK_BLOCK = 64;
/** How far before the split where the last walk found its last missing value the next walk starts. */
export const OCTAL_WALK_BACK = 256;

/**
 * Where octalSparse and octalPlain find their arguments and keep their state, from the header's address on (i32
 * each, work i64).
 */
export const OCTAL_HEADER = {
  from: 0,
  to: 4,
  valuesAt: 8,
  stampAt: 12,
  rareAt: 16, // the rare positions n in order, each followed by G(n)
  rareCount: 20,
  rareValuesAt: 24,
  commonValuesAt: 28,
  splitsAt: 32,
  splitCount: 36,
  singlesAt: 40,
  singleCount: 44,
  leaveNoneAt: 48,
  k: 52,
  walkFrom: 56,
  limit: 60,
  mask: 64,
  work: 72,
  bytes: 80,
} as const;

/**
 * The kernel's octalSparse and octalPlain (scripts/u64-kernel-source.ts) in an instance of their own, one per
 * thread: the octal table they last ran for keeps its values, lists and stamps in that memory between calls,
 * and no other kernel user writes there. `run` returns the n after the last value computed.
 */
export interface OctalKernel {
  readonly memory: WasmMemory;
  /** octalSparse, or octalPlain when `plain`. */
  run(headerAt: number, plain: boolean): number;
}

let octalInstance: OctalKernel | undefined;

export function octalKernel(): OctalKernel {
  if (octalInstance === undefined) {
    const k = new (wasmApi().Instance)(compiledKernel(), {}).exports as KernelExports;
    octalInstance = {
      memory: k.memory,
      run: (headerAt, plain) => (plain ? k.octalPlain(headerAt) : k.octalSparse(headerAt)),
    };
  }
  return octalInstance;
}
