variable "name" {
  type = string
  default = "alpha"
  sensitive = true

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}
