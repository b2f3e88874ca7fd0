/**
 * An image upload with progress. The typed client (openapi-fetch, on fetch) cannot report an
 * upload's progress, so this one request goes through XMLHttpRequest, with the same Bearer token and
 * Accept header as every other call (docs/catalog.md "Images (slideshow)": multipart, part `image`).
 */
const MEDIA_TYPE_V1 = 'application/vnd.service.v1+json';

export interface UploadAnswer {
  status: number;
  body: { message?: string; errors?: { field: string; message: string }[]; name?: string } | undefined;
}

export function uploadImage(options: {
  url: string;
  token: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', options.url);
    request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    request.setRequestHeader('Accept', MEDIA_TYPE_V1);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    const answer = () => {
      let body: UploadAnswer['body'];
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    };
    request.onload = answer;
    request.onerror = answer;
    const form = new FormData();
    form.append('image', options.file, options.file.name);
    request.send(form);
  });
}
