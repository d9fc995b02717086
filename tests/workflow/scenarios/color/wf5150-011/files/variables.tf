variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]
  nullable = false

  validation {
    condition     = length(var.zones) < 5
    error_message = "The zones value is out of range."
  }
}
