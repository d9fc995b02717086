resource "terraform_data" "a" {
  count = 2
}

output "n" {
  value = length(terraform_data.a)
}
