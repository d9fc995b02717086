resource "terraform_data" "a" {
  input = {
    name  = "web"
    ports = [80, 443]
    note  = null
    text  = "line one\nline two\n"
    doc   = jsonencode({ a = 1, b = [true, false] })
  }
}

output "name" {
  value = terraform_data.a.output.name
}

output "secret" {
  value     = "s3cr3t"
  sensitive = true
}
